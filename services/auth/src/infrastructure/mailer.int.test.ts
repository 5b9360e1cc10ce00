import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from '@nocturne/platform';
import { createMailer } from './mailer';

describe('mailer without SMTP', () => {
  it('prints the mail as one info line with its link, and writes it to the outbox', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const logger = createLogger('auth', { env: { LOG_LEVEL: 'info' }, destination });
    const outboxDir = mkdtempSync(join(tmpdir(), 'nocturne-outbox-'));
    try {
      const mailer = createMailer({ from: 'Nocturne <no-reply@nocturne.test>', outboxDir }, logger);
      const link = 'http://localhost:8080/reset-password?token=abc123';
      await mailer.send({ to: 'luna@example.com', subject: 'Reset your Nocturne password', text: `Open ${link}`, link });

      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0]!);
      expect(line).toMatchObject({ level: 30, to: 'luna@example.com', link });
      expect(line.msg).toContain(link);

      const files = readdirSync(outboxDir);
      expect(files).toHaveLength(1);
      expect(JSON.parse(readFileSync(join(outboxDir, files[0]!), 'utf8'))).toEqual({
        from: 'Nocturne <no-reply@nocturne.test>',
        to: 'luna@example.com',
        subject: 'Reset your Nocturne password',
        text: `Open ${link}`,
        link,
      });
      await mailer.close();
    } finally {
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});
