import { Injectable } from '@nestjs/common';
import { Metrics } from '../metrics/metrics.js';
import type { BotTurn, IntegrationBot } from './integration-bots.js';
import { credentialsOf, DialogflowClients, DialogflowError } from './dialogflow-client.js';

/**
 * A dialogflow integration's turn: the customer's words are a detect-intent query in the
 * integration's project and language, on a session per ticket (Dialogflow keeps its context 20
 * minutes); the fulfilment texts go back to the customer. An intent that ends the interaction, or
 * a failure, leaves the ticket to people.
 */
@Injectable()
export class DialogflowBot implements IntegrationBot {
  constructor(
    private readonly clients: DialogflowClients,
    private readonly metrics: Metrics,
  ) {}

  async turn({ message, integration, text, say, end }: BotTurn): Promise<void> {
    let answer;
    try {
      answer = await this.clients.detect(
        credentialsOf(integration.jsonContent),
        integration.projectName,
        `ticket-${message.ticketId}`,
        text || '…',
        integration.language,
      );
    } catch (error) {
      this.metrics.outboundFailed('dialogflow');
      return end(`o Dialogflow falhou: ${error instanceof DialogflowError ? error.message : String(error)}`, true);
    }
    for (const text of answer.texts) await say(text);
    if (answer.end) await end(`o Dialogflow encerrou a conversa (intenção "${answer.intent}")`, false);
  }
}
