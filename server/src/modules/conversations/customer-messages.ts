import { Injectable, Logger } from '@nestjs/common';

/** A customer's message, stored in their ticket. */
export interface CustomerMessage {
  companyId: number;
  whatsappId: number;
  contactId: number;
  number: string;
  ticketId: number;
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

  listen(listener: Listener): void {
    this.listeners.push(listener);
  }

  async notify(message: CustomerMessage): Promise<void> {
    for (const listener of this.listeners) {
      await listener(message).catch((error: unknown) =>
        this.logger.warn(`a listener failed on ticket ${message.ticketId}: ${String(error)}`),
      );
    }
  }
}
