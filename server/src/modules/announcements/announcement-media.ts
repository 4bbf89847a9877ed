import { Injectable } from '@nestjs/common';
import { ANNOUNCEMENT_MEDIA_TYPES, isAnnouncementAttachmentName, V } from '@atendo/shared';
import { DomainError } from '../../common/domain-error.js';
import { displayName } from '../media/attachment.js';
import { MediaStore } from '../media/media-store.js';

export interface StoredMedia {
  mediaPath: string;
  mediaName: string;
}

function rejected(): DomainError {
  return new DomainError('ERR_VALIDATION', { fields: [{ field: 'file', message: V.fileType }] });
}

/**
 * Attachments of announcements: a png or jpeg by name is not enough, the bytes must be one. They
 * are kept by the media store under /public/announcements/, named by what the bytes are (the
 * uploader's name is kept apart, as mediaName).
 */
@Injectable()
export class AnnouncementMedia {
  constructor(private readonly store: MediaStore) {}

  async save(data: Buffer, filename: string): Promise<StoredMedia> {
    const mediaName = displayName(filename);
    if (!isAnnouncementAttachmentName(mediaName)) throw rejected();
    const type = await this.store.typeOf(data);
    if (!(ANNOUNCEMENT_MEDIA_TYPES as readonly (string | undefined)[]).includes(type)) throw rejected();
    return { mediaPath: await this.store.save('announcements', data), mediaName };
  }

  /** Best effort: a file whose announcement is gone or was given another one. */
  remove(mediaPath: string | null): Promise<void> {
    return this.store.remove(mediaPath);
  }
}
