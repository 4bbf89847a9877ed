import { setTimeout as sleep } from 'node:timers/promises';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { JOB_QUEUES, type JobQueues } from './modules/jobs/jobs.module.js';
import { SessionManager } from './modules/gateway/session-manager.js';
import { Lifecycle } from './modules/health/lifecycle.js';
import { RealtimeService } from './modules/realtime/realtime.service.js';

export interface DrainOptions {
  /** How long readiness fails before this node stops taking work, so load balancers see it first. */
  delayMs: number;
  /** The whole drain's bound: past it, what is left is cut off (the caller exits non-zero). */
  timeoutMs: number;
}

/**
 * Takes this node out of service without losing anything, then closes the app:
 *
 * 1. readiness answers 503 (`/health/ready`) and, after `delayMs`, load balancers send nothing new;
 * 2. job workers take no more jobs and the running ones finish (queued ones stay for other nodes),
 *    while WhatsApp sessions are handed over: released at once, the other nodes start them within
 *    a takeover sweep, and commands meanwhile wait for the new holder;
 * 3. the HTTP listener stops, the sockets held here are closed (their clients reconnect to another
 *    node) and the requests in flight are answered;
 * 4. the rest of the app (database, Redis) closes.
 *
 * Resolves true when all of it finished within `timeoutMs`.
 */
export async function drainAndClose(app: NestFastifyApplication, options: DrainOptions): Promise<boolean> {
  const logger = new Logger('Shutdown');
  const started = Date.now();
  const steps = (async () => {
    app.get(Lifecycle).startDraining();
    closeEachConnectionAfterItsAnswer(app);
    logger.log(`Draining: readiness fails now, new work stops in ${options.delayMs} ms`);
    await sleep(options.delayMs);
    // Side by side: a worker's pause waits for its running jobs, which can take seconds, and
    // a job still running that uses a session just waits for the session's new holder.
    const queues = Object.values(app.get<JobQueues>(JOB_QUEUES));
    const [, sessions] = await Promise.all([
      Promise.all(queues.map((queue) => queue.pause().catch(() => undefined))),
      app.get(SessionManager).handOver(),
    ]);
    logger.log(`Jobs paused, ${sessions} session(s) handed over`);
    // Nest closes the HTTP server last, after every module's shutdown hook: the requests still
    // in flight need the database and Redis, so the listener is closed and drained first.
    const sockets = await closeHttp(app, () => app.get(RealtimeService).disconnectLocal());
    logger.log(`Listener closed, ${sockets} socket(s) sent elsewhere, requests in flight answered`);
    await app.close();
  })();
  let timer: NodeJS.Timeout | undefined;
  const finished = await Promise.race([
    steps.then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), options.timeoutMs))),
  ]).finally(() => clearTimeout(timer));
  if (finished) logger.log(`Stopped in ${Date.now() - started} ms`);
  else logger.error(`Shutdown did not finish within ${options.timeoutMs} ms; stopping anyway`);
  return finished;
}

/**
 * From now on every answer says `connection: close` and closes its connection: a client's next
 * request opens a new one, which the load balancer gives to a node that stays. Without it, keep-alive
 * connections would carry requests here until the listener closed under them.
 */
function closeEachConnectionAfterItsAnswer(app: NestFastifyApplication): void {
  app.getHttpServer().on('request', (_request: unknown, response: { shouldKeepAlive: boolean }) => {
    response.shouldKeepAlive = false;
  });
}

/**
 * Stops accepting connections, then closes the sockets' transports (`closeSockets`; after the
 * listener, so that no client reconnects here), closes the idle keep-alive connections, and waits
 * for the requests in flight. Answers how many sockets were closed.
 */
async function closeHttp(app: NestFastifyApplication, closeSockets: () => number): Promise<number> {
  const server = app.getHttpServer();
  if (!server.listening) return closeSockets();
  let sockets = 0;
  await new Promise<void>((resolve) => {
    // Keep-alive connections with no request on them would hold close() up until they time out:
    // they are closed now, and those busy with a request as soon as it is answered.
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    server.close(() => {
      clearInterval(idle);
      resolve();
    });
    sockets = closeSockets();
    server.closeIdleConnections();
  });
  return sockets;
}

/**
 * SIGTERM (and SIGINT) drain the node, then end the process; a second signal ends it at once.
 * Replaces Nest's own shutdown hooks, which would close modules before the requests in flight.
 */
export function exitGracefullyOnSignals(app: NestFastifyApplication, options: DrainOptions): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      new Logger('Shutdown').warn(`${signal} again: stopping now`);
      process.exit(1);
    }
    stopping = true;
    new Logger('Shutdown').log(`${signal} received`);
    void drainAndClose(app, options).then(
      (finished) => process.exit(finished ? 0 : 1),
      (error: unknown) => {
        new Logger('Shutdown').error('Shutdown failed', error instanceof Error ? error.stack : String(error));
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
