import { V } from '@atendo/shared';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { RawServerDefault } from 'fastify';
import { DomainError } from './domain-error.js';

/**
 * How deep a JSON body may nest. The forms' deepest is 3 (a connection's schedules); a request
 * nested thousands deep would otherwise reach validation and code that recurse as deep as it goes.
 */
export const JSON_MAX_DEPTH = 32;

/**
 * JSON bodies are parsed as Fastify parses them (`__proto__` and constructor poisoning refused,
 * an empty body refused), then refused with a 400 naming the top-level field when nested deeper
 * than JSON_MAX_DEPTH, before any pipe or handler sees them.
 */
export function useJsonBody(app: NestFastifyApplication, bodyLimit: number): void {
  const parse = app.getHttpAdapter().getInstance().getDefaultJsonParser('error', 'error');
  app.useBodyParser<RawServerDefault>('application/json', { bodyLimit }, (request, body, done) => {
    parse(request, body.toString(), (error, value) => {
      if (error) return done(error, undefined);
      const field = tooDeepField(value);
      if (field === null) return done(null, value);
      done(
        new DomainError('ERR_VALIDATION', {
          fields: [{ field, message: V.tooDeep, params: { max: JSON_MAX_DEPTH } }],
        }),
        undefined,
      );
    });
  });
}

/**
 * The top-level field (`''` for the body itself) under which `value` nests deeper than
 * JSON_MAX_DEPTH, or null. Walked with a stack of its own, not by recursion, for the same reason.
 */
export function tooDeepField(value: unknown): string | null {
  const pending: { value: unknown; depth: number; field: string }[] = [{ value, depth: 0, field: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.value === null || typeof next.value !== 'object') continue;
    if (next.depth >= JSON_MAX_DEPTH) return next.field;
    const top = next.depth === 0;
    for (const [key, child] of Object.entries(next.value)) {
      pending.push({ value: child, depth: next.depth + 1, field: top ? key : next.field });
    }
  }
  return null;
}
