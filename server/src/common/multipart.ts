import { V } from '@atendo/shared';
import type { FastifyRequest } from 'fastify';
import { DomainError } from './domain-error.js';

/**
 * Runs `read`, which only reads the request's parts (request.file(), request.parts()), and answers
 * what the parser refuses as the client error it is: a limit reached is 413; anything else it
 * throws — no boundary, a truncated or garbled body, a part named after a prototype property — is
 * a 400 naming `field`, the form field the route reads its file from.
 */
export async function readMultipart<T>(request: FastifyRequest, field: string, read: () => Promise<T>): Promise<T> {
  if (!request.isMultipart()) throw fileRequired(field);
  try {
    return await read();
  } catch (error) {
    if ((error as { statusCode?: unknown }).statusCode === 413) throw new DomainError('ERR_PAYLOAD_TOO_LARGE');
    throw new DomainError('ERR_VALIDATION', { fields: [{ field, message: V.malformed }] });
  }
}

/** The 400 of an upload without its file. */
export function fileRequired(field: string): DomainError {
  return new DomainError('ERR_VALIDATION', { fields: [{ field, message: V.required }] });
}
