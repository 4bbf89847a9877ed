import { basename } from 'node:path';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_MIB, isAttachmentType, V } from '@atendo/shared';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../common/domain-error.js';
import { readParts } from '../../common/multipart.js';
import type { MediaStore } from './media-store.js';

/** A file of a multipart upload, read up to the attachments' cap. */
export interface UploadedPart {
  data: Buffer;
  filename: string;
  /** The file went past the cap: `data` holds only its beginning. */
  truncated: boolean;
}

/** The parts of a multipart upload, in the order sent: its files, and its text fields by name. */
export interface Upload {
  files: UploadedPart[];
  fields: Map<string, string[]>;
}

/** What is shown of the uploader's file name: no folders, no control characters, bounded. */
export function displayName(filename: string): string {
  const name = basename(filename.replace(/\\/g, '/'))
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim();
  return name.length > 200 ? name.slice(-200) : name;
}

/**
 * Reads an upload of at most `maxFiles` files, each up to ATTACHMENT_MAX_BYTES. A larger file is
 * read no further and marked, so the answer can name it (400 on its field) rather than refuse the
 * whole request; `field` names the upload in the answer when the multipart cannot be read at all.
 */
export async function readUpload(request: FastifyRequest, field: string, maxFiles: number): Promise<Upload> {
  const { files, fields } = await readParts(request, field, {
    limits: { fileSize: ATTACHMENT_MAX_BYTES, files: maxFiles },
    // parts() reads throwFileSizeLimit as file() does, though its declared options leave it out.
    throwFileSizeLimit: false,
  });
  return {
    files: files.map(({ data, filename, truncated }) => ({ data, filename: filename || '', truncated })),
    fields,
  };
}

/**
 * The type of an uploaded file's bytes, once they prove to be one of ATTACHMENT_TYPES: an empty
 * file is missing (validation.required), one past the cap too large (validation.fileTooLarge with
 * the cap in MiB), anything else of the wrong kind (validation.fileType), whatever its name says.
 */
export async function attachmentType(store: MediaStore, part: UploadedPart, field: string): Promise<string> {
  const refuse = (message: string, params?: Record<string, unknown>) =>
    new DomainError('ERR_VALIDATION', { fields: [{ field, message, ...(params ? { params } : {}) }] });
  if (!part.data.length) throw refuse(V.required);
  if (part.truncated) throw refuse(V.fileTooLarge, { max: ATTACHMENT_MAX_MIB });
  const type = await store.typeOf(part.data);
  if (!isAttachmentType(type)) throw refuse(V.fileType);
  return type as string;
}
