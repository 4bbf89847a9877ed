import { V } from '@atendo/shared';
import { DomainError } from '../../../common/domain-error.js';
import { OutboundError, type OutboundHttp } from '../../outbound-http/outbound-http.js';

/** WhatsApp's own cap on media a chat carries (documents go higher, but the sandbox needs no more). */
export const SANDBOX_MEDIA_LIMIT = 16 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 15_000;

/**
 * Reads media given as base64 or fetched from an http(s) URL through the outbound guard, refusing
 * anything over the cap; a URL that leads to a private address is the caller's field error.
 */
export async function loadSandboxMedia(
  source: { url?: string; base64?: string },
  http: OutboundHttp,
  limit = SANDBOX_MEDIA_LIMIT,
): Promise<Buffer> {
  if (source.base64 !== undefined) {
    const data = Buffer.from(source.base64.replace(/\s/g, ''), 'base64');
    if (data.length > limit) throw new DomainError('ERR_PAYLOAD_TOO_LARGE');
    return data;
  }
  try {
    return (await http.get(source.url ?? '', { maxBytes: limit, timeoutMs: FETCH_TIMEOUT_MS })).body;
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    if (error.reason === 'refused') {
      throw new DomainError('ERR_VALIDATION', { fields: [{ field: 'media.url', message: V.publicAddress }] });
    }
    throw new DomainError(error.reason === 'too-large' ? 'ERR_PAYLOAD_TOO_LARGE' : 'ERR_WAPP_DOWNLOAD_MEDIA');
  }
}
