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
  /**
   * Set by the flow runtime, heard first, when the message moves a flow (rather than answering a
   * bot the flow handed the conversation to): the bots leave it, even once the step it starts has
   * engaged one of them.
   */
  heldByFlow?: boolean;
  /**
   * Set by the flow runtime, heard first, when the ticket as it read it leaves no automation to
   * answer (see unattended in automation.ts): the AI agent and the bots then skip reading the same
   * state again, which every customer message of a company without automations would otherwise cost.
   */
  unattended?: boolean;
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
  private readonly bots: Listener[] = [];

  /**
   * `first`: heard before the others, and awaited before they hear it: a flow that a phrase starts
   * claims the ticket before an AI agent or a bot decides whether to answer. `bot`: an automation
   * a flow may hand the conversation to; it also hears `retell`.
   */
  listen(listener: Listener, { first = false, bot = false }: { first?: boolean; bot?: boolean } = {}): void {
    if (first) this.listeners.unshift(listener);
    else this.listeners.push(listener);
    if (bot) this.bots.push(listener);
  }

  async notify(message: CustomerMessage): Promise<void> {
    await this.tell(this.listeners, message);
  }

  /**
   * A flow handed the conversation to a bot at the customer's words: the bots hear them again, so
   * the one now engaged answers them rather than waiting for the customer's next message.
   */
  async retell(message: CustomerMessage): Promise<void> {
    await this.tell(this.bots, message);
  }

  private async tell(listeners: Listener[], message: CustomerMessage): Promise<void> {
    for (const listener of listeners) {
      await listener(message).catch((error: unknown) =>
        this.logger.warn(`a listener failed on ticket ${message.ticketId}: ${String(error)}`),
      );
    }
  }
}
