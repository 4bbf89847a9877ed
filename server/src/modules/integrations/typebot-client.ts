/**
 * Typebot's chat API (v1, live bots: no token): `POST {server}/api/v1/typebots/{publicId}/startChat`
 * opens a session and answers the bot's first bubbles and input; `POST
 * {server}/api/v1/sessions/{sessionId}/continueChat` with the customer's text answers the next ones.
 * Text bubbles are asked for in markdown, which reads as WhatsApp text.
 */

/** One bubble of the bot's answer. */
export type TypebotBubble = { kind: 'text'; text: string } | { kind: 'media'; url: string; mediaType: string };

export interface TypebotTurn {
  sessionId: string;
  bubbles: TypebotBubble[];
  /** What the bot waits for: null when the flow is over. */
  input: { id: string; choices: string[] } | null;
}

/** The parts of Typebot's answer this runtime reads (see the chat API reference). */
interface ChatAnswer {
  sessionId?: string;
  messages?: { type?: string; content?: { type?: string; markdown?: string; url?: string } }[];
  input?: { id?: string; type?: string; items?: { content?: string }[] } | null;
}

export class TypebotError extends Error {}

export function startRequest(server: string, publicId: string) {
  return {
    url: `${server.replace(/\/+$/, '')}/api/v1/typebots/${encodeURIComponent(publicId)}/startChat`,
    body: { textBubbleContentFormat: 'markdown' },
  };
}

export function continueRequest(server: string, sessionId: string, text: string) {
  return {
    url: `${server.replace(/\/+$/, '')}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`,
    body: { message: { type: 'text', text }, textBubbleContentFormat: 'markdown' },
  };
}

const MEDIA = new Set(['image', 'video', 'audio']);

/** Typebot's answer as bubbles to send and the input it waits for. */
export function readTurn(answer: ChatAnswer, sessionId: string | null): TypebotTurn {
  const id = answer.sessionId ?? sessionId;
  if (!id) throw new TypebotError('the answer has no session');
  const bubbles: TypebotBubble[] = [];
  for (const message of answer.messages ?? []) {
    const content = message.content ?? {};
    if (message.type === 'text' && content.markdown?.trim())
      bubbles.push({ kind: 'text', text: content.markdown.trim() });
    else if (message.type && MEDIA.has(message.type) && content.url) {
      bubbles.push({ kind: 'media', url: content.url, mediaType: message.type });
    }
  }
  const input = answer.input
    ? {
        id: answer.input.id ?? '',
        choices:
          answer.input.type === 'choice input'
            ? (answer.input.items ?? []).map((item) => item.content ?? '').filter(Boolean)
            : [],
      }
    : null;
  return { sessionId: id, bubbles, input };
}

/** A choice list as the customer reads it on WhatsApp: "*1* - Comprar". */
export const choicesText = (choices: string[]) => choices.map((choice, i) => `*${i + 1}* - ${choice}`).join('\n');

/** The customer's "2" (or "2.") for a list of choices means the second choice's text. */
export function answerOf(text: string, choices: string[]): string {
  const picked = /^\s*(\d{1,2})\s*[.)-]?\s*$/.exec(text);
  const index = picked ? Number(picked[1]) - 1 : -1;
  return index >= 0 && index < choices.length ? choices[index] : text;
}

/** Sends `request` through `post` and reads Typebot's JSON answer. */
export async function callTypebot(
  post: (url: string, body: Buffer) => Promise<{ body: Buffer }>,
  request: { url: string; body: unknown },
): Promise<ChatAnswer> {
  const { body } = await post(request.url, Buffer.from(JSON.stringify(request.body)));
  try {
    return JSON.parse(body.toString('utf8')) as ChatAnswer;
  } catch {
    throw new TypebotError('the answer is not JSON');
  }
}
