import { USER_STATUS_INTERVAL_MS } from '@atendo/shared';

/** Electron's `powerMonitor.getSystemIdleState` answers. */
export type SystemIdleState = 'active' | 'idle' | 'locked' | 'unknown';

/**
 * Away after as long as the renderer's `userStatus` ping interval: an agent who has not touched the
 * computer for a whole interval is no longer "online" for the supervisors.
 */
export const IDLE_THRESHOLD_SECONDS = USER_STATUS_INTERVAL_MS / 1000;
/** How often the idle state is asked; a change shows up at most this late. */
export const IDLE_POLL_MS = 15_000;

export interface IdleMonitor {
  start(): void;
  stop(): void;
  isIdle(): boolean;
}

/**
 * Polls the system idle state (Electron has no idle event) and reports changes only. A locked
 * screen is away too; 'unknown' (no idle service on some Linux desktops) never counts as away, so
 * the status ping keeps running where idleness cannot be told.
 */
export function createIdleMonitor({
  getSystemIdleState,
  onChange,
  thresholdSeconds = IDLE_THRESHOLD_SECONDS,
  pollMs = IDLE_POLL_MS,
}: {
  getSystemIdleState(thresholdSeconds: number): SystemIdleState;
  onChange(idle: boolean): void;
  thresholdSeconds?: number;
  pollMs?: number;
}): IdleMonitor {
  let idle = false;
  let timer: ReturnType<typeof setInterval> | null = null;

  function check(): void {
    const state = getSystemIdleState(thresholdSeconds);
    const now = state === 'idle' || state === 'locked';
    if (now === idle) return;
    idle = now;
    onChange(idle);
  }

  return {
    start() {
      if (timer) return;
      timer = setInterval(check, pollMs);
      // Polling alone must never keep the process alive (Electron's app lifetime decides that).
      timer.unref?.();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    isIdle: () => idle,
  };
}
