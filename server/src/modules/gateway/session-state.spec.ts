import { nextSessionState, shouldRun, type SessionState } from './session-state.js';

const idle: SessionState = { status: 'DISCONNECTED', qrcode: '', retries: 0, number: null };

describe('connection status machine', () => {
  it('goes OPENING, then shows a QR with its retry count, then CONNECTED with the number', () => {
    const opening = nextSessionState(idle, { kind: 'status', status: 'OPENING' });
    expect(opening).toEqual({ status: 'OPENING', qrcode: '', retries: 0, number: null });
    const qr = nextSessionState(opening, { kind: 'qrcode', qrcode: 'QR-1', retries: 0 });
    expect(qr).toEqual({ status: 'qrcode', qrcode: 'QR-1', retries: 0, number: null });
    const again = nextSessionState(qr, { kind: 'qrcode', qrcode: 'QR-2', retries: 1 });
    expect(again).toMatchObject({ status: 'qrcode', qrcode: 'QR-2', retries: 1 });
    const connected = nextSessionState(again, { kind: 'connected', number: '5511987654321' });
    expect(connected).toEqual({ status: 'CONNECTED', qrcode: '', retries: 0, number: '5511987654321' });
  });

  it('clears the QR on any status but qrcode, so the QR dialog closes', () => {
    const qr: SessionState = { status: 'qrcode', qrcode: 'QR', retries: 2, number: null };
    for (const status of ['OPENING', 'PAIRING', 'CONNECTED', 'TIMEOUT', 'DISCONNECTED'] as const) {
      expect(nextSessionState(qr, { kind: 'status', status }).qrcode).toBe('');
    }
    expect(nextSessionState(qr, { kind: 'status', status: 'qrcode' }).qrcode).toBe('QR');
  });

  it('keeps the retry count unless the event carries one', () => {
    const state: SessionState = { status: 'TIMEOUT', qrcode: '', retries: 3, number: '55' };
    expect(nextSessionState(state, { kind: 'status', status: 'OPENING' }).retries).toBe(3);
    expect(nextSessionState(state, { kind: 'status', status: 'OPENING', retries: 4 }).retries).toBe(4);
  });

  it('forgets the number on a logout, and only DISCONNECTED connections stay down after a restart', () => {
    const connected: SessionState = { status: 'CONNECTED', qrcode: '', retries: 0, number: '5511987654321' };
    expect(nextSessionState(connected, { kind: 'loggedOut' })).toEqual(idle);
    expect(shouldRun('DISCONNECTED')).toBe(false);
    for (const status of ['OPENING', 'qrcode', 'PAIRING', 'CONNECTED', 'TIMEOUT'] as const) {
      expect(shouldRun(status)).toBe(true);
    }
  });

  it('records a version WhatsApp refused as OUTDATED, keeping the number, and leaves it down until tried again', () => {
    const connected: SessionState = { status: 'CONNECTED', qrcode: '', retries: 0, number: '5511987654321' };
    expect(nextSessionState(connected, { kind: 'status', status: 'OUTDATED', retries: 0 })).toEqual({
      ...connected,
      status: 'OUTDATED',
    });
    expect(shouldRun('OUTDATED')).toBe(false);
  });
});
