import { HANDOFF_ACTION, HUMAN_REQUEST_WORDS } from '@atendo/shared';

/**
 * The AI agent's decisions as pure functions: what the model is sent, whether the customer asked
 * for a person, and what the model's answer means.
 */

export interface HistoryMessage {
  fromMe: boolean;
  body: string;
  mediaType: string;
  /** A voice note's or audio's words, when transcribed. */
  transcript?: string;
}

export interface ChatTurnMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Lower case without accents, for matching what people type. */
export const folded = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

// Whole words, plural too (atendentes, operadores); accents and case do not matter.
const HUMAN_WORDS = new RegExp(`\\b(${HUMAN_REQUEST_WORDS.map((w) => folded(w)).join('|')})(e?s)?\\b`, 'u');

/** Whether the customer's words ask for a person ("quero falar com um atendente", "human please"). */
export function asksForHuman(text: string): boolean {
  return HUMAN_WORDS.test(folded(text));
}

const MEDIA_LABELS: Record<string, string> = {
  image: '[imagem]',
  video: '[vídeo]',
  audio: '[áudio]',
  document: '[documento]',
  sticker: '[figurinha]',
  location: '[localização]',
  vcard: '[contato]',
};

/** What the model reads of one message: its text, a transcript, or what kind of file it was. */
export function contentOf(message: HistoryMessage): string {
  if (message.transcript) return message.transcript;
  const label = message.mediaType === 'chat' ? '' : (MEDIA_LABELS[message.mediaType] ?? '[arquivo]');
  return [label, message.body.trim()].filter(Boolean).join(' ');
}

/**
 * The company's instructions, then ours: how to hand over, and to answer briefly in the customer's
 * language. The history follows, oldest first; our messages are the assistant's.
 */
export function chatMessages(instructions: string, history: HistoryMessage[]): ChatTurnMessage[] {
  const rules =
    'Se o cliente pedir para falar com uma pessoa, ou se você não puder ajudar, responda apenas, ' +
    `em uma linha: "${HANDOFF_ACTION}". Responda de forma breve, no idioma do cliente.`;
  const turns = history
    .map((m): ChatTurnMessage => ({ role: m.fromMe ? 'assistant' : 'user', content: contentOf(m) }))
    .filter((m) => m.content);
  return [{ role: 'system', content: `${instructions.trim()}\n\n${rules}` }, ...turns];
}

/**
 * What the model answered: the text for the customer and whether it hands the ticket over (its
 * action line anywhere in the answer, however accented or cased; the rest of the answer still goes
 * to the customer).
 */
export function readAnswer(answer: string): { text: string; handoff: boolean } {
  const action = folded(HANDOFF_ACTION);
  const lines = answer.split('\n');
  const kept = lines.filter((line) => !folded(line).includes(action));
  return { text: kept.join('\n').trim(), handoff: kept.length !== lines.length };
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Azure's SSML for one answer in one of its pt-BR neural voices. */
export function ssmlOf(voice: string, text: string): string {
  const escape = (value: string) => value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
  return (
    `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="pt-BR">` +
    `<voice name="${escape(voice)}">${escape(text)}</voice></speak>`
  );
}
