import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_MIB, isAttachmentName, V, type ValidationMessage } from '@atendo/shared';

/**
 * Why a chosen file cannot be a quick message's or a file list's (a validation message), or null.
 * The picker already offers only the right names; the server checks the bytes themselves.
 */
export function attachmentProblem(file: File): string | ValidationMessage | null {
  if (!isAttachmentName(file.name)) return V.fileType;
  if (file.size > ATTACHMENT_MAX_BYTES) return { key: V.fileTooLarge, params: { max: ATTACHMENT_MAX_MIB } };
  if (file.size === 0) return V.required;
  return null;
}
