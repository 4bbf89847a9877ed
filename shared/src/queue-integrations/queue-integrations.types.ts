import type { Id } from '../common/common.types.js';

export const INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot', 'flowbuilder'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

export const INTEGRATION_LANGUAGES = ['pt-BR', 'en', 'es'] as const;

export interface QueueIntegration {
  id: Id;
  companyId: Id;
  type: IntegrationType;
  name: string;
  projectName: string;
  jsonContent: string;
  language: (typeof INTEGRATION_LANGUAGES)[number];
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotUnknownMessage: string;
}

/** For these types the project name is the integration's name. */
export const PROJECT_NAME_FROM_NAME: readonly IntegrationType[] = ['n8n', 'webhook', 'typebot', 'flowbuilder'];
