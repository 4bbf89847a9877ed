import { MEDIA_MAX_BYTES, MEDIA_MAX_FILES, V } from '@atendo/shared';
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

/** A file a multipart request carried, under the form field `fieldname`. */
export interface PartFile {
  fieldname: string;
  data: Buffer;
  mimetype: string;
  /** As sent: may be empty. */
  filename: string;
  /** The file went past `limits.fileSize` (read with throwFileSizeLimit false): `data` is its beginning. */
  truncated: boolean;
}

/**
 * Every part of a multipart request in the order sent: its files, and its text fields by name with
 * their values in order, read within `limits`. What the parser refuses answers as readMultipart
 * says, `field` naming the request's file field.
 */
export function readParts(
  request: FastifyRequest,
  field: string,
  options: { limits: { fileSize: number; files: number }; throwFileSizeLimit?: boolean },
): Promise<{ files: PartFile[]; fields: Map<string, string[]> }> {
  return readMultipart(request, field, async () => {
    const files: PartFile[] = [];
    const fields = new Map<string, string[]>();
    for await (const part of request.parts(options)) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        const { fieldname, mimetype, filename } = part;
        files.push({ fieldname, data, mimetype, filename, truncated: part.file.truncated });
      } else if (typeof part.value === 'string') {
        const values = fields.get(part.fieldname);
        if (values) values.push(part.value);
        else fields.set(part.fieldname, [part.value]);
      }
    }
    return { files, fields };
  });
}

/**
 * A message request's files and text fields: the files under `medias` (empty ones left out), each
 * at most MEDIA_MAX_BYTES, at most MEDIA_MAX_FILES of them (an agent's send and the send API).
 */
export async function readMedias(
  request: FastifyRequest,
): Promise<{ files: { data: Buffer; mimetype: string; filename: string }[]; fields: Map<string, string[]> }> {
  const { files, fields } = await readParts(request, 'medias', {
    limits: { fileSize: MEDIA_MAX_BYTES, files: MEDIA_MAX_FILES },
  });
  return {
    files: files
      .filter((file) => file.fieldname === 'medias' && file.data.length)
      .map(({ data, mimetype, filename }) => ({ data, mimetype, filename: filename || 'file' })),
    fields,
  };
}
