import type { Id, Paged } from '../common/common.types.js';

export const INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot', 'flowbuilder'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

export const INTEGRATION_LANGUAGES = ['pt-BR', 'en', 'es'] as const;

export interface QueueIntegration {
  id: Id;
  companyId: Id;
  type: IntegrationType;
  name: string;
  projectName: string;
  /** Dialogflow's service-account JSON, masked as the server answers it (see maskSecret). */
  jsonContent: string;
  language: (typeof INTEGRATION_LANGUAGES)[number];
  /** Where a webhook or n8n integration posts its events; Typebot's server for a typebot one. */
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotUnknownMessage: string;
  /** A flowbuilder integration's flow (null for the other types). */
  flowId: Id | null;
  /** That flow, named, as the answers carry it. */
  flow?: { id: Id; name: string } | null;
  /**
   * The key of the webhook's signature (INTEGRATION_SIGNATURE_HEADER): whole only in the answer
   * that made it (the create, or `POST /queueIntegration/{id}/signingSecret`), masked after.
   */
  signingSecret: string;
}

/** For these types the project name is the integration's name. */
export const PROJECT_NAME_FROM_NAME: readonly IntegrationType[] = ['n8n', 'webhook', 'typebot', 'flowbuilder'];

/** `GET /queueIntegration`: a page of the company's integrations by name, searchable by name. */
export interface QueueIntegrationsPage extends Paged {
  queueIntegrations: QueueIntegration[];
  count: number;
}

export type QueueIntegrationInput = Omit<QueueIntegration, 'id' | 'companyId' | 'signingSecret'>;

/** The types whose every ticket and message event is posted, signed, to `urlN8N`. */
export const SIGNED_INTEGRATION_TYPES: readonly IntegrationType[] = ['webhook', 'n8n'];

/** The types whose runtime posts to or calls `urlN8N`. */
export const URL_INTEGRATION_TYPES: readonly IntegrationType[] = ['n8n', 'webhook', 'typebot'];

/**
 * The header of every webhook and n8n post: `sha256=` and the hex HMAC-SHA256 of the raw body
 * under the integration's signing secret.
 */
export const INTEGRATION_SIGNATURE_HEADER = 'X-Atendo-Signature';

/** `POST /queueIntegration/testSession`'s answer: what the agent answered a greeting. */
export interface IntegrationTestResult {
  message: string;
  intent: string;
  texts: string[];
}
