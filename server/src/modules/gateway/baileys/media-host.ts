import { extractMessageContent, getContentType, type WAMessage } from '@whiskeysockets/baileys';

/**
 * WhatsApp serves media from its own CDN (`*.whatsapp.net`). The media URL inside a message is
 * written by the sender's client, and Baileys downloads from it (or from its host), so a crafted
 * message could make the server request any address: a URL off WhatsApp's CDN is refused.
 */
export function assertWhatsappMediaUrl(message: WAMessage): void {
  const content = extractMessageContent(message.message);
  const type = content ? getContentType(content) : undefined;
  const media = type ? (content![type] as { url?: string | null } | null | undefined) : undefined;
  if (!media?.url) return;
  let url: URL;
  try {
    url = new URL(media.url);
  } catch {
    throw new Error('media URL is not a URL');
  }
  const host = url.hostname.toLowerCase();
  if (url.protocol !== 'https:' || url.port || !(host === 'whatsapp.net' || host.endsWith('.whatsapp.net'))) {
    throw new Error(`media URL ${url.protocol}//${url.host} is not on WhatsApp's CDN`);
  }
}
