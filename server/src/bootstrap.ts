import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import type { DynamicModule, LogLevel, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { MEDIA_MAX_BYTES } from '@atendo/shared';
import { AppModule } from './app.module.js';
import { registerAccessLog } from './common/access-log.js';
import { AppLogger } from './common/app-logger.js';
import { trustFunction } from './common/client-address.js';
import { corsOptions } from './common/cors.js';
import { registerRequestContext } from './common/request-context.js';
import { useJsonBody } from './common/json-body.js';
import { serveOpenApi } from './modules/openapi/openapi-document.js';
import { registerUpdates } from './common/updates.js';
import { registerWebApp } from './common/web-app.js';
import type { AppConfig } from './config/config.js';
import type { OutboundHttpOptions } from './modules/outbound-http/outbound-http.js';
import { MediaStore } from './modules/media/media-store.js';
import { registerHttpMetrics } from './modules/metrics/metrics-collectors.js';
import { Metrics } from './modules/metrics/metrics.js';
import { AppIoAdapter } from './modules/realtime/io.adapter.js';
import { REDIS, sharedRedis } from './modules/redis/redis.module.js';

/** Largest JSON body accepted on any route; uploads get their own limits where they are taken. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

const LEVELS: Record<AppConfig['logLevel'], LogLevel[] | false> = {
  silent: false,
  error: ['fatal', 'error'],
  warn: ['fatal', 'error', 'warn'],
  info: ['fatal', 'error', 'warn', 'log'],
  debug: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
};

export interface CreateAppOptions {
  /** Test-only modules added to the app (e2e tests register a recording inbound sink this way). */
  extraModules?: (Type | DynamicModule)[];
  /** Test-only: lets a local server stand in for a public host (production allows nothing private). */
  outboundHttp?: OutboundHttpOptions;
}

/** Builds the whole server (HTTP, socket.io, web app) without listening, for main and the tests. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  // Before Nest starts, so an unusable REDIS_URL stops the start at once with a ConfigError.
  await sharedRedis(config);
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    logger: false,
    // req.ip (sign-in, reset and sign-up budgets, sessions) is the client's behind trusted proxies.
    trustProxy: trustFunction(config.trustProxy),
    // The existing clients call both `/users` and `/users/`.
    routerOptions: { ignoreTrailingSlash: true },
    // Fastify answers here, before any route or the exception filter, only a path whose
    // %-escapes do not decode (and async route constraints, which no route has).
    frameworkErrors: (_error: unknown, _request: unknown, reply: FastifyReply) => {
      void reply.code(400).send({ error: 'ERR_VALIDATION' });
    },
  });
  const levels = LEVELS[config.logLevel];
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, options.extraModules, options.outboundHttp),
    adapter,
    {
      logger: levels && new AppLogger(config.logFormat, levels),
      abortOnError: false,
    },
  );
  // First, so every other hook and handler of a request runs in its context.
  registerRequestContext(app.getHttpAdapter().getInstance());
  registerHttpMetrics(app.getHttpAdapter().getInstance(), app.get(Metrics));
  useJsonBody(app, BODY_LIMIT_BYTES);
  await app.register(fastifyCookie);
  // Uploads (message media): parsed only where a route reads them, each file capped.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MEDIA_MAX_BYTES, files: 10, fields: 20, fieldSize: 70_000 },
  });
  await app.register(fastifyCors, corsOptions(config.corsOrigins));
  const fastify = app.getHttpAdapter().getInstance();
  // Azure's text-to-speech takes SSML: the AI stand-in reads it as text.
  if (config.ai.provider === 'sandbox') {
    fastify.addContentTypeParser('application/ssml+xml', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_, body, done) =>
      done(null, body),
    );
  }
  if (config.logLevel === 'info' || config.logLevel === 'debug') registerAccessLog(fastify, config.logFormat);
  await registerWebApp(fastify, { webDir: config.webDir, media: app.get(MediaStore) });
  await registerUpdates(fastify, config.updates);
  serveOpenApi(app, config.version);
  app.useWebSocketAdapter(new AppIoAdapter(app, config, app.get(REDIS)));
  await app.init();
  await fastify.ready();
  return app;
}
