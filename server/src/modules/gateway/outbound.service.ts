import { Injectable } from '@nestjs/common';
import { DomainError } from '../../common/domain-error.js';
import type {
  AddressBookEntry,
  OutboundMedia,
  OutboundPort,
  PeerRef,
  SendOptions,
  SentMessage,
} from './gateway.types.js';
import { Metrics } from '../metrics/metrics.js';
import { SessionManager } from './session-manager.js';

/** Digits only: what every provider expects as a number. */
function digits(number: string): string {
  return number.replace(/\D/g, '');
}

/**
 * The pipeline's way out (OUTBOUND_PORT): every call goes to the connection's live session,
 * wherever it runs. Errors are ERR_WAPP_* DomainErrors: not connected → ERR_WAPP_NOT_INITIALIZED,
 * a number not on WhatsApp → ERR_WAPP_INVALID_CONTACT, provider failures → ERR_SENDING_WAPP_MSG,
 * ERR_DELETE_WAPP_MSG or ERR_WAPP_CHECK_CONTACT.
 */
@Injectable()
export class GatewayOutbound implements OutboundPort {
  constructor(
    private readonly sessions: SessionManager,
    private readonly metrics: Metrics,
  ) {}

  async sendText(whatsappId: number, to: PeerRef, body: string, options?: SendOptions): Promise<SentMessage> {
    return this.counted(() => this.sessions.invoke(whatsappId, { op: 'sendText', to: this.peer(to), body, options }));
  }

  async sendMedia(whatsappId: number, to: PeerRef, media: OutboundMedia, options?: SendOptions): Promise<SentMessage> {
    return this.counted(() => this.sessions.invoke(whatsappId, { op: 'sendMedia', to: this.peer(to), media, options }));
  }

  async deleteForEveryone(whatsappId: number, to: PeerRef, providerId: string): Promise<void> {
    await this.sessions.invoke(whatsappId, { op: 'deleteForEveryone', to: this.peer(to), providerId });
  }

  async checkNumber(whatsappId: number, number: string): Promise<{ exists: boolean; number: string }> {
    const clean = digits(number);
    if (clean.length < 8) throw new DomainError('ERR_WAPP_INVALID_CONTACT');
    return this.sessions.invoke(whatsappId, { op: 'checkNumber', number: clean });
  }

  async addressBook(whatsappId: number): Promise<AddressBookEntry[]> {
    return this.sessions.invoke(whatsappId, { op: 'addressBook' });
  }

  /** Counted on the node that asked for the send, wherever the session runs. */
  private async counted(send: () => Promise<SentMessage>): Promise<SentMessage> {
    try {
      const sent = await send();
      this.metrics.messages.inc({ direction: 'outbound' });
      return sent;
    } catch (error) {
      this.metrics.sendFailures.inc();
      throw error;
    }
  }

  private peer(to: PeerRef): PeerRef {
    const number = digits(to.number);
    if (!number) throw new DomainError('ERR_WAPP_INVALID_CONTACT');
    return { ...to, number };
  }
}
