import { setTimeout as sleep } from 'node:timers/promises';
import { Controller, Get, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Public } from '../src/common/decorators.js';
import { SessionManager } from '../src/modules/gateway/session-manager.js';
import { drainAndClose } from '../src/graceful-shutdown.js';
import { nextEvent, signupCompany, startTestApp } from './support/test-app.js';

// SIGTERM's drain (graceful-shutdown.ts), called as main.ts calls it, on nodes that keep running
// in this process afterwards: the test then closes only what the drain left.

/** A request that takes a while, to be in flight when the drain starts. */
@Controller('test-slow')
class SlowController {
  @Public()
  @Get()
  async slow() {
    await sleep(800);
    return { done: true };
  }
}
@Module({ controllers: [SlowController] })
class SlowModule {}

const ENV = { SANDBOX: 'true', SANDBOX_ACK_INTERVAL_MS: '10' };
const withRedis = !!process.env.REDIS_URL;

it('fails readiness first, answers the request in flight, closes the sockets, then stops listening', async () => {
  const node = await startTestApp(ENV, undefined, { extraModules: [SlowModule] });
  const company = await signupCompany(node, 'Drain');
  const socket = node.socket(company.token);
  await nextEvent(socket, 'ready');
  const dropped = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

  const inFlight = fetch(`${node.url}/test-slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
  await sleep(50);
  const drained = drainAndClose(node.app, { delayMs: 400, timeoutMs: 10_000 });
  const ready = await fetch(`${node.url}/health/ready`);
  expect(ready.status).toBe(503);
  // `/health` stays as the desktop app knows it.
  expect((await fetch(`${node.url}/health`)).status).toBe(200);

  expect(await inFlight).toEqual({ status: 200, body: { done: true } });
  // A closed transport, which clients answer by reconnecting (to another node), unlike a disconnect.
  expect(await dropped).toBe('transport close');
  expect(await drained).toBe(true);
  await expect(fetch(`${node.url}/health`)).rejects.toThrow();
  await node.close();
});

(withRedis ? it : it.skip)(
  'hands its WhatsApp sessions to the other node at once; inbound sent meanwhile is taken once, with no error',
  async () => {
    const first = await startTestApp(ENV);
    const second = await startTestApp(ENV, first);
    try {
      const company = await signupCompany(first, 'Handover');
      const line = (
        await first.request('POST', '/whatsapp', {
          token: company.token,
          body: { name: 'Moving', provider: 'sandbox' },
        })
      ).body as { id: number };
      await first.request('POST', `/whatsappsession/${line.id}`, { token: company.token });
      await first.request('POST', `/sandbox/connections/${line.id}/scan`, { token: company.token, body: {} });
      expect(first.app.get(SessionManager).isLocal(line.id)).toBe(true);

      const drainStarted = Date.now();
      const drained = drainAndClose(first.app, { delayMs: 0, timeoutMs: 15_000 });
      const moved = (async () => {
        while (!second.app.get(SessionManager).isLocal(line.id)) await sleep(10);
        return Date.now() - drainStarted;
      })();
      const answers: number[] = [];
      for (let n = 0; n < 30; n++) {
        const res = await second.request('POST', `/sandbox/connections/${line.id}/messages`, {
          token: company.token,
          body: { from: '5511912345678', id: `HANDOVER-${n}`, body: `message ${n}` },
        });
        answers.push(res.status);
        await sleep(50);
      }
      expect(await drained).toBe(true);
      expect(answers.filter((s) => s !== 201)).toEqual([]);
      // Well within the lease's lapse (4 s): the session moved because it was handed over.
      expect(await moved).toBeLessThan(2_500);

      // Each stored once (the messages API pages them: read the rows).
      const rows = (await second.app
        .get(DataSource)
        .query("SELECT providerId FROM messages WHERE providerId LIKE 'HANDOVER-%'")) as { providerId: string }[];
      expect(rows.map((r) => r.providerId).sort()).toEqual(
        Array.from({ length: 30 }, (_, n) => `HANDOVER-${n}`).sort(),
      );
    } finally {
      await second.close();
      await first.close();
    }
  },
  30_000,
);
