import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Fails when a tracked file that should be text holds a NUL byte: git then treats it as binary
 * and shows no diff for it, so a change in it passes review unseen. Write `\u0000` instead.
 */
const BINARY_EXTENSIONS = new Set([
  '.avif',
  '.gif',
  '.gz',
  '.ico',
  '.jpeg',
  '.jpg',
  '.pdf',
  '.png',
  '.ttf',
  '.webp',
  '.woff',
  '.woff2',
  '.zip',
]);

const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
  .split('\0')
  .filter((file) => file !== '' && !BINARY_EXTENSIONS.has(path.extname(file).toLowerCase()));

const binary = tracked.filter((file) => fs.existsSync(file) && fs.readFileSync(file).includes(0));

if (binary.length > 0) {
  console.error(
    `These files hold a NUL byte, so git treats them as binary; write it as an escape:\n  ${binary.join('\n  ')}`,
  );
  process.exit(1);
}
