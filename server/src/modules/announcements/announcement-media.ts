import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { ANNOUNCEMENT_MEDIA_TYPES, isAnnouncementAttachmentName, V } from '@atendo/shared';
import { fileTypeFromBuffer } from 'file-type';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { DomainError } from '../../common/domain-error.js';

/** The stored file takes the extension of what its bytes are, so it is served with that type. */
const EXTENSION: Record<(typeof ANNOUNCEMENT_MEDIA_TYPES)[number], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
};
const FOLDER = 'announcements';
const MEDIA_PATH = /^\/public\/announcements\/([a-f0-9]{24}\.(png|jpg))$/;

export interface StoredMedia {
  mediaPath: string;
  mediaName: string;
}

function rejected(): DomainError {
  return new DomainError('ERR_VALIDATION', { fields: [{ field: 'file', message: V.fileType }] });
}

/** What is shown of the uploader's file name: no folders, no control characters, bounded. */
function displayName(filename: string): string {
  const name = basename(filename.replace(/\\/g, '/'))
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim();
  return name.length > 200 ? name.slice(-200) : name;
}

/**
 * Attachments of announcements, under DATA_DIR/public/announcements/ with random names, served by
 * the web app under /public. A png or jpeg by name is not enough: the bytes must be one.
 */
@Injectable()
export class AnnouncementMedia {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async save(data: Buffer, filename: string): Promise<StoredMedia> {
    const mediaName = displayName(filename);
    if (!isAnnouncementAttachmentName(mediaName)) throw rejected();
    const sniffed = await fileTypeFromBuffer(data);
    const extension = sniffed && EXTENSION[sniffed.mime as keyof typeof EXTENSION];
    if (!extension) throw rejected();
    const dir = join(this.config.dataDir, 'public', FOLDER);
    await mkdir(dir, { recursive: true });
    const name = `${randomBytes(12).toString('hex')}.${extension}`;
    await writeFile(join(dir, name), data, { mode: 0o640 });
    return { mediaPath: `/public/${FOLDER}/${name}`, mediaName };
  }

  /** Best effort: a file whose announcement is gone or was given another one. */
  async remove(mediaPath: string | null): Promise<void> {
    const match = MEDIA_PATH.exec(mediaPath ?? '');
    if (!match) return;
    await unlink(join(this.config.dataDir, 'public', FOLDER, match[1])).catch(() => undefined);
  }
}
