import type { Id } from '@atendo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, serverFieldErrors } from '../app/errors';
import { useNotify } from '../app/toasts';

/** The attachment as a form holds it: unchanged, a new file to upload, or the stored one to remove. */
type AttachmentChange = { kind: 'keep' } | { kind: 'new'; file: File } | { kind: 'remove' };

/** A record that may carry one stored file, as the server answers it. */
interface WithMedia {
  id: Id;
  mediaPath: string | null;
  mediaName: string | null;
}

interface AttachmentOptions {
  /** The record being edited, or null for a new one. */
  stored: WithMedia | null;
  /** Why a chosen file cannot be attached (a validation message), or null. */
  problem: (file: File) => unknown;
  upload: (id: Id, file: File) => Promise<unknown>;
  remove: (id: Id) => Promise<unknown>;
}

export interface AttachmentState {
  /** The file name the form shows as attached, if any. */
  name: string | null;
  error: unknown;
  choose: (file: File | undefined) => void;
  discard: () => void;
  /**
   * Sends the attachment's change once its record is saved (the file needs the record's id).
   * False when that failed: the record stays saved and the problem shows on the field or as a toast.
   */
  save: (saved: WithMedia) => Promise<boolean>;
}

/** The attachment part of a form dialog whose record carries at most one file. */
export function useAttachment({ stored, problem, upload, remove }: AttachmentOptions): AttachmentState {
  const { i18n } = useTranslation();
  const notify = useNotify();
  const [change, setChange] = useState<AttachmentChange>({ kind: 'keep' });
  const [error, setError] = useState<unknown>(null);

  return {
    name: change.kind === 'new' ? change.file.name : change.kind === 'keep' ? (stored?.mediaName ?? null) : null,
    error,
    choose: (file) => {
      if (!file) return;
      const refused = problem(file);
      setError(refused);
      if (!refused) setChange({ kind: 'new', file });
    },
    discard: () => setChange(stored?.mediaPath ? { kind: 'remove' } : { kind: 'keep' }),
    save: async (saved) => {
      try {
        if (change.kind === 'new') await upload(saved.id, change.file);
        if (change.kind === 'remove' && saved.mediaPath) await remove(saved.id);
        return true;
      } catch (failure) {
        const fields = serverFieldErrors(failure);
        setError(fields?.file ?? null);
        if (!fields) notify.error(errorText(i18n, failure));
        return false;
      }
    },
  };
}
