import type { Language, MediaType } from '@atendo/shared';

/**
 * Texts the server itself sends to customers on an agent's behalf, in the agent's language
 * (Portuguese when they have not chosen one: the product's home market).
 */
const TEXTS = {
  pt: {
    greeting: (contact: string, agent: string) =>
      `Olá *${contact}*, meu nome é *${agent}* e agora vou prosseguir com seu atendimento!`,
    transfer: (queue: string, agent: string | null) =>
      `*Mensagem automática*:\nVocê foi transferido para o departamento *${queue}*${agent ? `, atendente *${agent}*` : ''}.\nAguarde, já vamos te atender!`,
    rating:
      'Por favor, avalie nosso atendimento respondendo:\n*1* - Insatisfeito\n*2* - Satisfeito\n*3* - Muito satisfeito',
    call: (rejected: boolean) => (rejected ? 'Chamada de voz/vídeo recusada' : 'Chamada de voz/vídeo perdida'),
  },
  en: {
    greeting: (contact: string, agent: string) =>
      `Hello *${contact}*, my name is *${agent}* and I will take care of you from now on!`,
    transfer: (queue: string, agent: string | null) =>
      `*Automatic message*:\nYou have been transferred to *${queue}*${agent ? `, agent *${agent}*` : ''}.\nPlease wait, we will be with you shortly!`,
    rating: 'Please rate our service by answering:\n*1* - Unsatisfied\n*2* - Satisfied\n*3* - Very satisfied',
    call: (rejected: boolean) => (rejected ? 'Voice/video call rejected' : 'Missed voice/video call'),
  },
  es: {
    greeting: (contact: string, agent: string) =>
      `Hola *${contact}*, mi nombre es *${agent}* y ahora continuaré con su atención.`,
    transfer: (queue: string, agent: string | null) =>
      `*Mensaje automático*:\nUsted fue transferido al departamento *${queue}*${agent ? `, agente *${agent}*` : ''}.\n¡Espere, ya lo atenderemos!`,
    rating:
      'Por favor, califique nuestra atención respondiendo:\n*1* - Insatisfecho\n*2* - Satisfecho\n*3* - Muy satisfecho',
    call: (rejected: boolean) => (rejected ? 'Llamada de voz/video rechazada' : 'Llamada de voz/video perdida'),
  },
} as const;

export function automaticTexts(language: Language | null | undefined) {
  return TEXTS[language ?? 'pt'] ?? TEXTS.pt;
}

/** A customer's answer to the rating message: exactly 1, 2 or 3. */
export function ratingOf(body: string): 1 | 2 | 3 | null {
  const value = body.trim();
  return value === '1' || value === '2' || value === '3' ? (Number(value) as 1 | 2 | 3) : null;
}

export function mediaTypeOf(mimetype: string): MediaType {
  const kind = mimetype.split('/')[0]?.toLowerCase();
  if (kind === 'image' || kind === 'audio' || kind === 'video') return kind;
  return 'application';
}

/** The ticket list's one-line preview: the text, else what kind of message it was. */
export function previewOf(body: string, mediaType: MediaType): string {
  const text = body.replace(/\s+/g, ' ').trim();
  const preview = text || (mediaType === 'chat' ? '' : mediaType);
  return preview.length > 255 ? `${preview.slice(0, 254)}…` : preview;
}
