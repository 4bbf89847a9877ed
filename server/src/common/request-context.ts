import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The request a piece of work runs for: read by the logger so every line it causes names it. */
export interface RequestContext {
  request: FastifyRequest;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The request being served by the code running now, if any. */
export function currentRequest(): FastifyRequest | undefined {
  return storage.getStore()?.request;
}

/**
 * What a log line says about a request: its id, route pattern, and the caller's company and user
 * once the guard has verified them.
 */
export function requestFields(request: FastifyRequest): Record<string, string | number> {
  const fields: Record<string, string | number> = { requestId: String(request.id) };
  const route = request.routeOptions?.url;
  if (route) fields.route = `${request.method} ${route}`;
  const auth = (request as { auth?: { companyId?: number; userId?: number } }).auth;
  if (auth?.companyId !== undefined) fields.companyId = auth.companyId;
  if (auth?.userId !== undefined) fields.userId = auth.userId;
  return fields;
}

/**
 * Runs each request in its own async context, and answers its id in `X-Request-Id`. Everything
 * after onRequest (the body's parsing, the guard, the handler and what it awaits) runs inside it,
 * a body that arrives in several packets included (the test sends one in two).
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', String(request.id));
    storage.run({ request }, done);
  });
}
