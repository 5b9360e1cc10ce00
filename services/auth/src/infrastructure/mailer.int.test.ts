import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from '@nocturne/platform/logging';
import { createMailer } from './mailer';

function capturedLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, logger: createLogger('auth', { env: { LOG_LEVEL: 'trace' }, destination }) };
}

describe('mailer without SMTP', () => {
  it('writes the mail to the outbox, readable by its owner only, and logs where without the link or the address', async () => {
    const { lines, logger } = capturedLogger();
    const outboxDir = mkdtempSync(join(tmpdir(), 'nocturne-outbox-'));
    try {
      const mailer = createMailer({ from: 'Nocturne <no-reply@nocturne.test>', outboxDir }, logger);
      const token = 'abc123-secret-token';
      const link = `http://localhost:8080/reset-password?token=${token}`;
      await mailer.send({ to: 'luna@example.com', subject: 'Reset your Nocturne password', text: `Open ${link}`, link });

      const files = readdirSync(outboxDir);
      expect(files).toHaveLength(1);
      const file = join(outboxDir, files[0]!);
      expect(statSync(file).mode & 0o077).toBe(0);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
        from: 'Nocturne <no-reply@nocturne.test>',
        to: 'luna@example.com',
        subject: 'Reset your Nocturne password',
        text: `Open ${link}`,
        link,
      });

      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, subject: 'Reset your Nocturne password', file });
      expect(lines[0]).not.toContain(token);
      expect(lines[0]).not.toContain('luna@example.com');
      await mailer.close();
    } finally {
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });

  it('refuses to be made without anywhere to deliver to', () => {
    expect(() => createMailer({ from: 'Nocturne <no-reply@nocturne.test>' }, capturedLogger().logger)).toThrow('mail needs SMTP_URL or MAIL_OUTBOX_DIR');
  });
});
