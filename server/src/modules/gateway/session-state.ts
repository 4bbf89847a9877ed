import type { ConnectionStatus } from '@atendo/shared';
import type { SessionEvent } from './gateway.types.js';

/** The session columns of a connection row. */
export interface SessionState {
  status: ConnectionStatus;
  qrcode: string;
  retries: number;
  number: string | null;
}

/**
 * The connection status machine of the spec (OPENING, qrcode, PAIRING, CONNECTED, TIMEOUT,
 * DISCONNECTED): how a provider's session event changes the connection row. A qrcode is only kept
 * while the status is `qrcode`, because the UI closes its QR dialog on an update with an empty one.
 */
export function nextSessionState(current: SessionState, event: SessionEvent): SessionState {
  switch (event.kind) {
    case 'status':
      return {
        status: event.status,
        qrcode: event.status === 'qrcode' ? current.qrcode : '',
        retries: event.retries ?? current.retries,
        number: current.number,
      };
    case 'qrcode':
      return { status: 'qrcode', qrcode: event.qrcode, retries: event.retries, number: current.number };
    case 'connected':
      return { status: 'CONNECTED', qrcode: '', retries: 0, number: event.number || current.number };
    case 'loggedOut':
      // The phone removed the device: the auth state is void and only a new QR can bring it back.
      return { status: 'DISCONNECTED', qrcode: '', retries: 0, number: null };
  }
}

/**
 * Whether a connection should have a live session somewhere (resumed at start, taken over). One
 * WhatsApp refused as OUTDATED waits, like a DISCONNECTED one, for someone to try it again.
 */
export function shouldRun(status: ConnectionStatus): boolean {
  return status !== 'DISCONNECTED' && status !== 'OUTDATED';
}
