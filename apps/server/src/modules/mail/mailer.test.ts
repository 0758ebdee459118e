import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../test/smtp-sink';
import MailComposer from 'nodemailer/lib/mail-composer';
import { createOutboxMailer, createSmtpMailer, encodedParts } from './mailer';

describe('mailers', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-mail-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sends through the SMTP server of SMTP_URL', async () => {
    const sink = await startSmtpSink();
    try {
      const mailer = createSmtpMailer(`smtp://127.0.0.1:${sink.port}`, 'Souq <shop@souq.example>');
      await mailer.send({ to: 'amina@example.com', subject: 'Hello', text: 'A reset link: رابط' });
      expect(sink.received).toHaveLength(1);
      expect(sink.received[0]).toMatch(/^From: Souq <shop@souq\.example>$/m);
      expect(sink.received[0]).toMatch(/^To: amina@example\.com$/m);
      // A body that is not plain ASCII in base64, after the headers' blank line.
      const [headers = '', body = ''] = (sink.received[0] ?? '').split('\r\n\r\n');
      expect(headers).toMatch(/^Content-Transfer-Encoding: base64$/im);
      expect(Buffer.from(body, 'base64').toString('utf8')).toBe('A reset link: رابط');
    } finally {
      await sink.close();
    }
  });

  it('encodes the text and HTML parts byte for byte as nodemailer does', async () => {
    const bodies = [
      { text: 'Short ASCII\nlines', html: '<p>x</p>' },
      { text: 'مرحبًا \u2068Layla\u2069', html: `<p>${'long line '.repeat(20)}</p>` },
      // 570 bytes: base64 lines of exactly 76 with nothing after the last; a control character.
      { text: 'Bell\u0007 in short lines', html: 'x'.repeat(570) },
      { text: 'سطر قصير\n'.repeat(40), html: `<p>${'نص طويل '.repeat(300)}</p>\n<p>x</p>` },
    ];
    // The boundary is random and the date the moment's: the rest must not differ.
    const fixed = (raw: Buffer) =>
      raw
        .toString()
        .replace(/--_NmP-[0-9a-f]+-Part_1/g, 'BOUNDARY')
        .replace(/^Date: .*$/m, 'Date');
    for (const { text, html } of bodies) {
      const head = { from: 'Souq <shop@souq.example>', to: 'a@b.example', subject: 'Order ⁨1⁩' };
      const composed = (message: ConstructorParameters<typeof MailComposer>[0]) =>
        new MailComposer({
          ...head,
          messageId: '<k@souq.example>',
          textEncoding: 'base64',
          ...message,
        })
          .compile()
          .build();
      expect(fixed(await composed({ alternatives: encodedParts(text, html) }))).toBe(
        fixed(await composed({ text, html })),
      );
    }
  });

  it('without SMTP, writes each message to the outbox folder', async () => {
    const outbox = path.join(dir, 'outbox');
    const mailer = createOutboxMailer(outbox, Fastify({ logger: false }).log);
    await mailer.send({ to: 'omar@example.com', subject: 'Hi', text: 'Body' });
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(JSON.parse(fs.readFileSync(path.join(outbox, files[0] ?? ''), 'utf8'))).toEqual({
      to: 'omar@example.com',
      subject: 'Hi',
      text: 'Body',
    });
  });

  it('without SMTP, logs where a message went but never its text or link', async () => {
    const outbox = path.join(dir, 'outbox-logged');
    const lines: string[] = [];
    const log = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    }).log;
    const mailer = createOutboxMailer(outbox, log);
    await mailer.send({
      to: 'omar@example.com',
      subject: 'Reset your Souq password',
      text: 'Set a new password here: http://shop.example/reset-password?token=live-secret-token',
    });
    const [file] = fs.readdirSync(outbox);
    const logged = lines.join('\n');
    expect(logged).toContain('omar@example.com');
    expect(logged).toContain('Reset your Souq password');
    expect(logged).toContain(String(file));
    expect(logged).not.toContain('live-secret-token');
    expect(logged).not.toContain('Set a new password');
  });
});
