import { describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import Fastify from 'fastify';
import { loggableUrl, registerAccessLog } from './access-log.js';

describe('access log', () => {
  it('never writes the path of the password-reset routes', async () => {
    const lines: string[] = [];
    const spy = jest.spyOn(Logger.prototype, 'log').mockImplementation((message: unknown) => {
      lines.push(String(message));
    });
    try {
      const app = Fastify();
      registerAccessLog(app);
      app.post('/resetpasswords/:email/:token/:password', async () => ({}));
      app.post('/forgetpassword/:email', async () => ({}));
      app.get('/queue', async () => []);
      await app.ready();
      await app.inject({ method: 'POST', url: '/resetpasswords/ana%40x.test/K7QX-M2PA/Secret-Pass-1' });
      await app.inject({ method: 'POST', url: '/forgetpassword/ana@x.test?companyId=3' });
      await app.inject({ method: 'POST', url: '/RESETPASSWORDS/ana@x.test/K7QXM2PA/Other-Pass-2' });
      await app.inject({ method: 'GET', url: '/queue?searchParam=x' });
      await app.close();
    } finally {
      spy.mockRestore();
    }
    expect(lines).toHaveLength(4);
    const all = lines.join('\n');
    for (const secret of ['ana', 'K7QX', 'Secret-Pass-1', 'Other-Pass-2', 'resetpasswords', 'forgetpassword']) {
      expect(all.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    expect(lines[0]).toMatch(/^POST \[redacted\] 200 /);
    expect(lines[3]).toMatch(/^GET \/queue 200 /);
  });

  it('judges the decoded path too', () => {
    expect(loggableUrl('/%72esetpasswords/a/b/c')).toBe('[redacted]');
    expect(loggableUrl('//forgetpassword/a')).toBe('[redacted]');
    expect(loggableUrl('/tickets/1?x=%')).toBe('/tickets/1?x=%');
    expect(loggableUrl('/forgetpasswords-help')).toBe('/forgetpasswords-help');
  });
});
