import type { FastifyCorsOptions } from '@fastify/cors';

/**
 * The methods the API's routes use. A browser on another origin (the desktop app's app://atendo,
 * or a web client hosted apart from the API as the existing clients are) must be allowed each of
 * them in the preflight, or every edit it makes is refused before it leaves the browser.
 */
export const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The request headers the clients send: the bearer token and JSON or multipart bodies. */
export const CORS_HEADERS = ['Authorization', 'Content-Type', 'Accept', 'Accept-Language'];

export function corsOptions(origins: string[]): FastifyCorsOptions {
  return {
    origin: origins,
    credentials: true,
    methods: CORS_METHODS,
    allowedHeaders: CORS_HEADERS,
    // A download served to another origin still names its file.
    exposedHeaders: ['Content-Disposition'],
    maxAge: 600,
  };
}
