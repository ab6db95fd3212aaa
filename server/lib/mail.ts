/**
 * Outgoing mail. No mail server is reachable here, so the default transport writes each message
 * as an .eml file into the outbox folder (MAIL_OUTBOX) and a line to the log; MAIL_TRANSPORT=log
 * only logs. Another transport (SMTP) can replace `Mailer` without touching the routes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}
export type Mailer = (mail: Mail) => void;

export function createMailer(options: { transport: 'outbox' | 'log'; outbox: string; from: string }, log: (line: string) => void): Mailer {
  return (mail) => {
    const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
    const eml = [
      `From: ${options.from}`,
      `To: ${mail.to}`,
      `Subject: ${mail.subject}`,
      `Date: ${new Date().toUTCString()}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      mail.text,
      '',
    ].join('\r\n');
    if (options.transport === 'outbox') {
      mkdirSync(options.outbox, { recursive: true });
      writeFileSync(join(options.outbox, `${id}.eml`), eml);
    }
    log(`mail to ${mail.to}: ${mail.subject}${options.transport === 'outbox' ? ` (${join(options.outbox, id)}.eml)` : `\n${mail.text}`}`);
  };
}
