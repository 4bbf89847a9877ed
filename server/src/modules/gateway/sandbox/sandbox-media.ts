import { DomainError } from '../../../common/domain-error.js';

/** WhatsApp's own cap on media a chat carries (documents go higher, but the sandbox needs no more). */
export const SANDBOX_MEDIA_LIMIT = 16 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 15_000;

/** Reads media given as base64 or fetched from an http(s) URL, refusing anything over the cap. */
export async function loadSandboxMedia(
  source: { url?: string; base64?: string },
  limit = SANDBOX_MEDIA_LIMIT,
): Promise<Buffer> {
  if (source.base64 !== undefined) {
    const data = Buffer.from(source.base64.replace(/\s/g, ''), 'base64');
    if (data.length > limit) throw new DomainError('ERR_PAYLOAD_TOO_LARGE');
    return data;
  }
  const url = new URL(source.url ?? '');
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DomainError('ERR_WAPP_DOWNLOAD_MEDIA');
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch {
    throw new DomainError('ERR_WAPP_DOWNLOAD_MEDIA');
  }
  if (!response.ok || !response.body) throw new DomainError('ERR_WAPP_DOWNLOAD_MEDIA');
  if (Number(response.headers.get('content-length') ?? 0) > limit) {
    await response.body.cancel().catch(() => undefined);
    throw new DomainError('ERR_PAYLOAD_TOO_LARGE');
  }
  // Counted as it streams: a missing or lying content-length must not let a huge body through.
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        throw new DomainError('ERR_PAYLOAD_TOO_LARGE');
      }
      chunks.push(Buffer.from(value));
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('ERR_WAPP_DOWNLOAD_MEDIA');
  }
  return Buffer.concat(chunks);
}
