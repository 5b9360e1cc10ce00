import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '@nocturne/platform/logging';
import type { Mailer, OutgoingMail } from '../account/ports';

export interface MailerSettings {
  /** smtp://user:pass@host:port. */
  smtpUrl?: string;
  from: string;
  /** Every mail is also written here as one JSON file (tests and the local demo read links from it). */
  outboxDir?: string;
}

/**
 * SMTP when configured, and the outbox folder when given; one of the two always is (`environment.ts`
 * refuses production without SMTP unless an outbox is asked for). A mail holds a reset link, which opens
 * the account, and an address: neither ever goes to the log, which only says where a mail went.
 */
export function createMailer(settings: MailerSettings, logger: Logger): Mailer {
  if (!settings.smtpUrl && !settings.outboxDir) throw new Error('mail needs SMTP_URL or MAIL_OUTBOX_DIR');
  const transport = settings.smtpUrl ? nodemailer.createTransport(settings.smtpUrl) : undefined;
  return {
    async send(mail: OutgoingMail) {
      if (settings.outboxDir) {
        const file = await writeToOutbox(settings.outboxDir, settings.from, mail);
        if (!transport) logger.info({ subject: mail.subject, file }, `mail written to ${file} (no SMTP_URL): open the file for its link`);
      }
      if (transport) {
        await transport.sendMail({ from: settings.from, to: mail.to, subject: mail.subject, text: mail.text, ...(mail.html !== undefined && { html: mail.html }) });
        logger.info({ subject: mail.subject }, 'mail sent');
      }
    },
    async close() {
      transport?.close();
    },
  };
}

/** Answers the file's absolute path; its name says nothing about the recipient. */
async function writeToOutbox(dir: string, from: string, mail: OutgoingMail): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.json`;
  // Written under a temporary name first, so a reader never sees half a file; readable by the owner only.
  const temporary = join(dir, `.${name}.tmp`);
  await writeFile(temporary, JSON.stringify({ from, ...mail }, null, 2), { mode: 0o600 });
  const file = resolve(dir, name);
  await rename(temporary, file);
  return file;
}
