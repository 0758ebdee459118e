import fs from 'node:fs';
import path from 'node:path';
import { ports, shopDataDir } from '../playwright.config';

/** The mails the shop has sent to `to`: files in its outbox folder, as no mail server runs. */
export function mailsTo(to: string): { subject: string; text: string }[] {
  const dir = path.join(shopDataDir(ports.fast), 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map(
      (file) =>
        JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as {
          to: string;
          subject: string;
          text: string;
        },
    )
    .filter((mail) => mail.to === to);
}
