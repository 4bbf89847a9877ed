import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../config/config.js';
import { MailService } from './mail.service.js';

describe('mail without SMTP', () => {
  it('writes each message as an .eml file to the outbox', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atendo-mail-'));
    try {
      const outboxDir = join(dir, 'outbox');
      const mail = new MailService({ mail: { smtp: null, from: 'Atendo <no-reply@x.test>', outboxDir } } as AppConfig);
      expect(mail.outboxDir).toBe(outboxDir);
      await mail.send({ to: 'ana@x.test', subject: 'First', text: 'Olá, Ana.\n' });
      await mail.send({ to: 'bruno@x.test', subject: 'Second', text: 'Hello.\n' });
      mail.onModuleDestroy();
      const files = readdirSync(outboxDir).sort();
      expect(files).toHaveLength(2);
      for (const file of files) expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}\.eml$/);
      const messages = files.map((file) => readFileSync(join(outboxDir, file), 'utf8'));
      const first = messages.find((m) => m.includes('To: ana@x.test'));
      expect(first).toMatch(/^From: Atendo <no-reply@x\.test>\r$/m);
      expect(first).toMatch(/^Subject: First\r$/m);
      expect(first).toContain('Ol=C3=A1, Ana.');
      expect(messages.some((m) => m.includes('To: bruno@x.test'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
