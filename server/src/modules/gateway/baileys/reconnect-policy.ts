import { DisconnectReason } from '@whiskeysockets/baileys';

export interface ReconnectPolicy {
  /** First backoff delay; doubles with every failed attempt. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Each delay is scaled by a random factor in [1 - jitter, 1 + jitter]. */
  jitter: number;
  /** QR codes shown without a scan before the session gives up and waits for the user. */
  maxQrCodes: number;
}

export const DEFAULT_RECONNECT_POLICY: ReconnectPolicy = {
  baseDelayMs: 2_000,
  maxDelayMs: 60_000,
  jitter: 0.3,
  maxQrCodes: 5,
};

/**
 * WhatsApp's `failure` stanza with reason 405, which Baileys closes with as "Connection Failure":
 * the WhatsApp Web version announced is below the minimum WhatsApp accepts.
 */
export const VERSION_REFUSED = 405;

/**
 * What to do when Baileys closes the socket.
 * - `outdated`: WhatsApp refused the announced version; every retry would be refused alike.
 * - `loggedOut`: the phone removed the device; the auth state is dead and must be wiped.
 * - `stop`: reconnecting cannot help and would loop or fight another client; the user decides.
 * - `restart`: the server asked for an immediate restart (after pairing, mostly).
 * - `backoff`: a transient failure; retry later.
 */
export type CloseDecision = 'outdated' | 'loggedOut' | 'stop' | 'restart' | 'backoff';

/**
 * @param statusCode `lastDisconnect.error.output.statusCode` (a Boom error), if any
 * @param paired whether the auth state belongs to a linked device (`creds.me` is set)
 */
export function decideOnClose(statusCode: number | undefined, paired: boolean): CloseDecision {
  switch (statusCode) {
    case VERSION_REFUSED:
      return 'outdated';
    case DisconnectReason.loggedOut:
      return 'loggedOut';
    case DisconnectReason.restartRequired:
      return 'restart';
    // connectionReplaced: another client took the session over (WhatsApp Web opened elsewhere, or
    // a second server process), and reconnecting would steal it back so both loop. forbidden and
    // multideviceMismatch: the account is banned or the device refused, so every retry fails alike.
    case DisconnectReason.connectionReplaced:
    case DisconnectReason.forbidden:
    case DisconnectReason.multideviceMismatch:
      return 'stop';
  }
  // An unpaired session only exists to show QR codes; when it drops (its QR codes ran out, or the
  // network failed before a scan) nobody is waiting for it but the user at the QR dialog, who can
  // ask for a new one. Retrying on its own would show QR codes to nobody, forever.
  return paired ? 'backoff' : 'stop';
}

/**
 * Delay before reconnect attempt `attempt` (1-based): exponential, jittered so that the sessions
 * of a server that lost its network do not all come back in the same second, and never above
 * `maxDelayMs`.
 */
export function backoffDelay(attempt: number, policy: ReconnectPolicy, random: () => number): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  const factor = 1 - policy.jitter + 2 * policy.jitter * random();
  return Math.min(policy.maxDelayMs, Math.round(exponential * factor));
}
