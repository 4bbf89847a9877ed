import { configureFileLog, LOG_MAX_BYTES, redactSecrets, type ElectronLogPort } from './logging.js';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MSwiY29tcGFueUlkIjoxfQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

function fakeLog(): ElectronLogPort {
  return { transports: { file: { maxSize: 1024 * 1024, level: 'silly' }, console: { level: 'silly' } }, hooks: [] };
}

describe('main-process log file', () => {
  it('is capped in size (electron-log keeps one older file beside it)', () => {
    const log = fakeLog();
    configureFileLog(log);
    expect(log.transports.file.maxSize).toBe(LOG_MAX_BYTES);
    expect(log.transports.file.level).toBe('info');
  });

  it('never writes a token, password or cookie, whatever form it is logged in', () => {
    const log = fakeLog();
    configureFileLog(log);
    const [hook] = log.hooks;
    const error = new Error(`Refresh failed for ${JWT}`, { cause: new Error(`Authorization: Bearer ${JWT}`) });
    const written = hook({
      data: [
        `GET https://atendo.example.com/auth/refresh_token?token=${JWT}&page=2`,
        { headers: { Authorization: `Bearer ${JWT}`, Cookie: `jrt=${JWT}`, accept: 'application/json' } },
        { email: 'ana@example.com', password: 'hunter22', refreshToken: JWT, nested: [{ accessToken: 'abc' }] },
        error,
        'Set-Cookie: jrt=abcdef; HttpOnly',
        42,
      ],
    });
    expect(written).not.toBe(false);
    const text = JSON.stringify(
      (written as { data: unknown[] }).data.map((item) =>
        item instanceof Error ? { message: item.message, stack: item.stack, cause: String(item.cause) } : item,
      ),
    );
    for (const secret of [JWT, 'hunter22', 'abcdef', '"abc"']) expect(text).not.toContain(secret);
    expect(text).toContain('ana@example.com');
    expect(text).toContain('page=2');
    expect(text).toContain('Refresh failed for [redacted]');
    expect((written as { data: unknown[] }).data[5]).toBe(42);
  });

  it('copies what it redacts: the caller’s objects are left as they were', () => {
    const headers = { authorization: `Bearer ${JWT}` };
    expect(redactSecrets({ headers })).toEqual({ headers: { authorization: '[redacted]' } });
    expect(headers.authorization).toBe(`Bearer ${JWT}`);
  });

  it('stops at a cycle', () => {
    const cyclic: Record<string, unknown> = { name: 'a' };
    cyclic.self = cyclic;
    expect(() => redactSecrets(cyclic)).not.toThrow();
  });
});
