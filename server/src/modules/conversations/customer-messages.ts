import { Injectable, Logger } from '@nestjs/common';

/** A customer's message, stored in their ticket. */
export interface CustomerMessage {
  companyId: number;
  whatsappId: number;
  contactId: number;
  number: string;
  ticketId: number;
  /** Its text (a media message's caption). */
  body: string;
}

type Listener = (message: CustomerMessage) => Promise<void>;

/**
 * Tells other modules that a customer wrote (a campaign waiting for a contact's confirmation), on
 * the node that stored the message, after its transaction committed. A listener's failure is
 * logged and never reaches the pipeline: the message is stored either way.
 */
@Injectable()
export class CustomerMessages {
  private readonly logger = new Logger('CustomerMessages');
  private readonly listeners: Listener[] = [];

  /**
   * `first`: heard before the others, and awaited before they hear it: a flow that a phrase starts
   * claims the ticket before an AI agent or a bot decides whether to answer.
   */
  listen(listener: Listener, { first = false }: { first?: boolean } = {}): void {
    if (first) this.listeners.unshift(listener);
    else this.listeners.push(listener);
  }

  async notify(message: CustomerMessage): Promise<void> {
    for (const listener of this.listeners) {
      await listener(message).catch((error: unknown) =>
        this.logger.warn(`a listener failed on ticket ${message.ticketId}: ${String(error)}`),
      );
    }
  }
}
