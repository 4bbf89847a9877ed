import type { CompanyEventPayloads, Id } from '@atendo/shared';

/**
 * Spec §4: the report loads again this long after its campaign is announced FINALIZADA, when the
 * last deliveries and failures have been counted.
 */
export const REPORT_RELOAD_AFTER_FINISH_MS = 5000;

export interface FinishReload {
  /** A campaign event as the socket delivers it. */
  heard: (event: CompanyEventPayloads['campaign']) => void;
  /** The page is gone: a pending reload is dropped. */
  stop: () => void;
}

/**
 * Reloads the report of `campaignId` once, 5 s after an update says it is FINALIZADA. Updates
 * heard while a reload is pending do not push it back, so a finished campaign whose deliveries
 * keep being counted still reloads every 5 s at most.
 */
export function finishReload(
  campaignId: Id,
  reload: () => void,
  delayMs = REPORT_RELOAD_AFTER_FINISH_MS,
): FinishReload {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    heard: (event) => {
      if (event.action !== 'update' || event.record.id !== campaignId || event.record.status !== 'FINALIZADA') return;
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        reload();
      }, delayMs);
    },
    stop: () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
