import type { CampaignSettings } from '@atendo/shared';

/** The part of the campaign settings the pace follows, with the daily limit already capped. */
export interface PaceRules {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  dailyLimit: number;
}

/** Each wait is drawn within ±20% of its setting: evenly spaced sends are what WhatsApp flags as a bot. */
const JITTER = 0.2;
/** The first pause after a rate-limit answer, doubled by each one that follows, up to the ceiling. */
const RATE_LIMIT_PAUSE_MS = 60_000;
const RATE_LIMIT_PAUSE_MAX_MS = 30 * 60_000;

export function paceRules(settings: CampaignSettings, serverCap: number): PaceRules {
  return {
    messageInterval: settings.messageInterval,
    longerIntervalAfter: settings.longerIntervalAfter,
    greaterInterval: settings.greaterInterval,
    dailyLimit: settings.dailyLimit > 0 ? Math.min(settings.dailyLimit, serverCap) : serverCap,
  };
}

/** No wait at all between sends: several may go at once (the benchmark's and a test's setting). */
export function pacingOff(rules: PaceRules): boolean {
  return rules.messageInterval === 0 && (rules.greaterInterval === 0 || rules.longerIntervalAfter === 0);
}

export function jittered(ms: number, random: () => number = Math.random): number {
  if (ms <= 0) return 0;
  return Math.round(ms * (1 - JITTER + random() * 2 * JITTER));
}

/**
 * The wait after a send, given how many went since the last long wait (this one not counted):
 * every `longerIntervalAfter`-th send is followed by `greaterInterval`, the others by
 * `messageInterval` (0 turns the long wait off). Answers the run's new count.
 */
export function waitAfterSend(
  sentInRun: number,
  rules: PaceRules,
  random: () => number = Math.random,
): { waitMs: number; sentInRun: number } {
  const count = sentInRun + 1;
  if (rules.longerIntervalAfter > 0 && count >= rules.longerIntervalAfter) {
    return { waitMs: jittered(rules.greaterInterval * 1000, random), sentInRun: 0 };
  }
  return { waitMs: jittered(rules.messageInterval * 1000, random), sentInRun: count };
}

export function rateLimitPauseMs(strikes: number): number {
  return Math.min(RATE_LIMIT_PAUSE_MS * 2 ** Math.max(0, strikes), RATE_LIMIT_PAUSE_MAX_MS);
}

/** The UTC day a send counts against (YYYY-MM-DD). */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function nextUtcMidnight(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
}
