import type { Id, Paged } from '../common/common.types.js';

export const PROMPT_MODELS = ['gpt-3.5-turbo-1106', 'gpt-4o-mini'] as const;
export type PromptModel = (typeof PROMPT_MODELS)[number];

/** "texto" answers in text; the others are Brazilian Portuguese neural voices. */
export const PROMPT_VOICES = [
  'texto',
  'pt-BR-FranciscaNeural',
  'pt-BR-AntonioNeural',
  'pt-BR-BrendaNeural',
  'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural',
  'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural',
  'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural',
  'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural',
  'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
] as const;

export interface Prompt {
  id: Id;
  companyId: Id;
  name: string;
  prompt: string;
  model: PromptModel;
  maxTokens: number;
  temperature: number;
  /** Masked as the server answers it: the last four characters behind dots (see maskSecret). */
  apiKey: string;
  /** Null once its queue was deleted: it answers nowhere until given another. */
  queueId: Id | null;
  queue?: { id: Id; name: string };
  maxMessages: number;
  voice: string;
  /** Azure Speech's key, masked like apiKey; empty when none. */
  voiceKey: string;
  voiceRegion: string;
}

/** `GET /prompt`: a page of the company's prompts by name, searchable by name. */
export interface PromptsPage extends Paged {
  prompts: Prompt[];
  count: number;
}

export type PromptInput = Omit<Prompt, 'id' | 'companyId' | 'queue' | 'queueId'> & { queueId: Id };

/** What a customer writes to ask for a person, in the product's languages (matched as whole words, accents ignored). */
export const HUMAN_REQUEST_WORDS = [
  'atendente',
  'humano',
  'pessoa',
  'human',
  'person',
  'agent',
  'agente',
  'operator',
  'persona',
  'operador',
] as const;

/**
 * What the model answers, on its own line, to hand the customer to a person; the server's
 * instructions to the model ask for it when the customer wants one or the model cannot help.
 */
export const HANDOFF_ACTION = 'Ação: Transferir para o setor de atendimento';

export const PROMPT_DEFAULTS = {
  model: 'gpt-3.5-turbo-1106',
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
} as const;
