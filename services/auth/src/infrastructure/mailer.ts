import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '@nocturne/platform';
import type { Mailer, OutgoingMail } from '../application/ports';

export interface MailerSettings {
  /** smtp://user:pass@host:port; without it, mails go to the log. */
  smtpUrl?: string;
  from: string;
  /** Every mail is also written here as one JSON file (tests and the demo read links from it). */
  outboxDir?: string;
}

/**
 * SMTP when configured. Without SMTP the mail is printed to the log as one info line with its link:
 * the local demo's only way to receive a reset link, and the only secret this service ever logs.
 */
export function createMailer(settings: MailerSettings, logger: Logger): Mailer {
  const transport = settings.smtpUrl ? nodemailer.createTransport(settings.smtpUrl) : undefined;
  return {
    async send(mail: OutgoingMail) {
      if (settings.outboxDir) await writeToOutbox(settings.outboxDir, settings.from, mail);
      if (transport) {
        await transport.sendMail({ from: settings.from, to: mail.to, subject: mail.subject, text: mail.text, ...(mail.html !== undefined && { html: mail.html }) });
        logger.info({ subject: mail.subject }, 'mail sent');
        return;
      }
      logger.info({ to: mail.to, subject: mail.subject, link: mail.link }, `mail to ${mail.to}: ${mail.subject}${mail.link ? ` ${mail.link}` : ''}`);
    },
    async close() {
      transport?.close();
    },
  };
}

async function writeToOutbox(dir: string, from: string, mail: OutgoingMail): Promise<void> {
  await mkdir(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.json`;
  // Written under a temporary name first, so a reader never sees half a file.
  const temporary = join(dir, `.${name}.tmp`);
  await writeFile(temporary, JSON.stringify({ from, ...mail }, null, 2));
  await rename(temporary, join(dir, name));
}
