import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/webm': 'webm',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'video/webm': 'webm',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
};
const SAFE_EXTENSION = /^[a-z0-9]{1,8}$/;
const MEDIA_URL = /^\/public\/company(\d+)\/([a-f0-9]{24}\.[a-z0-9]{1,8})$/;

/**
 * Media of messages, under DATA_DIR/public/company{id}/ with random names (never the sender's:
 * a file name is attacker-controlled), served by the web app under /public.
 */
@Injectable()
export class MediaStore {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async save(companyId: number, data: Buffer, mimetype: string, filename?: string): Promise<string> {
    const dir = join(this.config.dataDir, 'public', `company${companyId}`);
    await mkdir(dir, { recursive: true });
    const fromName = extname(filename ?? '')
      .slice(1)
      .toLowerCase();
    const mime = mimetype.split(';')[0].trim().toLowerCase();
    const ext = EXTENSIONS[mime] ?? (SAFE_EXTENSION.test(fromName) ? fromName : 'bin');
    const name = `${randomBytes(12).toString('hex')}.${ext}`;
    await writeFile(join(dir, name), data, { mode: 0o640 });
    return `/public/company${companyId}/${name}`;
  }

  /** Best effort: a file left behind by a failed send or a duplicate delivery. */
  async remove(url: string | null): Promise<void> {
    const match = MEDIA_URL.exec(url ?? '');
    if (!match) return;
    await unlink(join(this.config.dataDir, 'public', `company${match[1]}`, match[2])).catch(() => undefined);
  }

  /** The bytes of a stored file, for forwarding it through the gateway. */
  pathOf(url: string): string | null {
    const match = MEDIA_URL.exec(url);
    return match ? join(this.config.dataDir, 'public', `company${match[1]}`, match[2]) : null;
  }
}
