import { MEDIA_MAX_BYTES } from '../tickets/tickets.types.js';

/**
 * The files a quick message or a file list may carry: what WhatsApp delivers as a photo, a voice or
 * audio message, a video or a document, each told apart by its bytes (the type its content sniffing
 * reports), with the names a file picker offers for it. Plain text, archives and the old binary
 * Office formats are left out: their bytes prove nothing (any text is "text"; a zip or an OLE
 * container can hold an installer).
 */
export const ATTACHMENT_TYPES: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'audio/mpeg': ['.mp3'],
  'audio/ogg': ['.ogg', '.oga'],
  'audio/ogg; codecs=opus': ['.opus'],
  'audio/mp4': ['.m4a'],
  'audio/x-m4a': ['.m4a'],
  'audio/aac': ['.aac'],
  'audio/amr': ['.amr'],
  'audio/wav': ['.wav'],
  'video/mp4': ['.mp4'],
  'video/3gpp': ['.3gp'],
  'video/quicktime': ['.mov'],
  'application/pdf': ['.pdf'],
  'application/rtf': ['.rtf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['.pptx'],
  'application/vnd.oasis.opendocument.text': ['.odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['.ods'],
  'application/vnd.oasis.opendocument.presentation': ['.odp'],
};

/**
 * One cap for every kind: these files leave as the same WhatsApp messages an agent sends from the
 * composer, so they share its limit (16 MiB), and a quick answer can always be sent.
 */
export const ATTACHMENT_MAX_BYTES = MEDIA_MAX_BYTES;
export const ATTACHMENT_MAX_MIB = ATTACHMENT_MAX_BYTES / (1024 * 1024);

/** A file list holds at most this many files (a campaign sends them all to every contact). */
export const FILE_LIST_MAX_FILES = 10;

/** Whether bytes of this sniffed type may be kept. */
export function isAttachmentType(type: string | undefined): boolean {
  return type !== undefined && Object.prototype.hasOwnProperty.call(ATTACHMENT_TYPES, type);
}

/** The file names offered by a picker, and its first check of a chosen file; the server checks the bytes. */
export const ATTACHMENT_EXTENSIONS: readonly string[] = [...new Set(Object.values(ATTACHMENT_TYPES).flat())];

export function isAttachmentName(name: string): boolean {
  const lower = name.toLowerCase();
  return ATTACHMENT_EXTENSIONS.some((extension) => lower.endsWith(extension));
}
