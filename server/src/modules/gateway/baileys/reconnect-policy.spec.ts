import { DisconnectReason } from '@whiskeysockets/baileys';
import { backoffDelay, decideOnClose, DEFAULT_RECONNECT_POLICY, type ReconnectPolicy } from './reconnect-policy.js';

describe('decideOnClose', () => {
  it('wipes on loggedOut and restarts at once on restartRequired, paired or not', () => {
    for (const paired of [true, false]) {
      expect(decideOnClose(DisconnectReason.loggedOut, paired)).toBe('loggedOut');
      expect(decideOnClose(DisconnectReason.restartRequired, paired)).toBe('restart');
    }
  });

  it('never reconnects when another client took over or the account is refused', () => {
    expect(decideOnClose(DisconnectReason.connectionReplaced, true)).toBe('stop');
    expect(decideOnClose(DisconnectReason.forbidden, true)).toBe('stop');
    expect(decideOnClose(DisconnectReason.multideviceMismatch, true)).toBe('stop');
  });

  it('backs off on transient failures of a paired session', () => {
    for (const code of [
      DisconnectReason.connectionLost,
      DisconnectReason.connectionClosed,
      DisconnectReason.badSession,
      DisconnectReason.unavailableService,
      undefined,
    ]) {
      expect(decideOnClose(code, true)).toBe('backoff');
    }
  });

  it('lets an unpaired session (QR codes ran out) wait for the user', () => {
    expect(decideOnClose(DisconnectReason.timedOut, false)).toBe('stop');
    expect(decideOnClose(DisconnectReason.connectionClosed, false)).toBe('stop');
  });
});

describe('backoffDelay', () => {
  const policy: ReconnectPolicy = DEFAULT_RECONNECT_POLICY;

  it('doubles from 2 s with ±30% jitter', () => {
    expect(backoffDelay(1, policy, () => 0.5)).toBe(2_000);
    expect(backoffDelay(1, policy, () => 0)).toBe(1_400);
    expect(backoffDelay(1, policy, () => 1)).toBe(2_600);
    expect(backoffDelay(2, policy, () => 0.5)).toBe(4_000);
    expect(backoffDelay(3, policy, () => 0.5)).toBe(8_000);
  });

  it('never exceeds 60 s however many attempts failed', () => {
    for (const random of [0, 0.25, 0.5, 0.75, 0.999]) {
      for (let attempt = 1; attempt <= 40; attempt++) {
        const delay = backoffDelay(attempt, policy, () => random);
        const exponential = Math.min(60_000, 2_000 * 2 ** (attempt - 1));
        expect(delay).toBeGreaterThanOrEqual(Math.round(exponential * 0.7));
        expect(delay).toBeLessThanOrEqual(Math.min(60_000, Math.round(exponential * 1.3)));
      }
    }
    expect(backoffDelay(30, policy, () => 0)).toBe(42_000);
  });
});
