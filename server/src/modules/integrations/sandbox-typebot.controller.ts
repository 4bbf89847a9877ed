import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { V } from '@atendo/shared';
import { LRUCache } from 'lru-cache';
import * as yup from 'yup';
import { Public } from '../../common/decorators.js';
import { DomainError } from '../../common/domain-error.js';
import { YupPipe } from '../../common/validation.pipe.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';

const startSchema = yup.object({
  textBubbleContentFormat: yup.string().oneOf(['richText', 'markdown'], V.oneOf).default('richText'),
});
const continueSchema = yup.object({
  message: yup
    .object({
      type: yup.string().oneOf(['text'], V.oneOf).required(V.required),
      text: yup.string().defined(V.required).max(10_000, V.max),
    })
    .required(V.required),
  textBubbleContentFormat: yup.string().oneOf(['richText', 'markdown'], V.oneOf).default('richText'),
});

type Step = 'menu' | 'product' | 'problem';
const MENU = ['Comprar', 'Suporte', 'Falar com atendente'];

const text = (markdown: string) => ({ id: randomUUID(), type: 'text', content: { type: 'markdown', markdown } });
const menuInput = {
  id: 'menu',
  type: 'choice input',
  items: MENU.map((content, i) => ({ id: `choice-${i}`, content })),
};
const textInput = (id: string) => ({ id, type: 'text input', options: { labels: { placeholder: 'Digite…' } } });

/** The stand-in's two routes, the only paths of this server a Typebot integration may reach. */
export const SANDBOX_TYPEBOT_PATH =
  /^\/sandbox\/typebot\/api\/v1\/(?:typebots\/[^/]+\/startChat|sessions\/[^/]+\/continueChat)$/;

/**
 * The stand-in of Typebot's chat API (registered only while the stand-ins are on), on its real
 * paths and shapes under /sandbox/typebot, playing a small triage bot: a greeting and a menu of
 * three choices; "Comprar" and "Suporte" ask one free question and thank the customer, which ends
 * the flow; "Falar com atendente" ends it at once; anything else repeats the menu's input with no
 * bubble. A bot id containing `fail` is answered 503 and one containing `slow` after twice
 * AI_TIMEOUT_MS. Sessions live in this process only.
 */
// A stand-in, off where others reach the server: not part of the API reference.
@ApiExcludeController()
@Controller('sandbox/typebot/api/v1')
@Public()
export class SandboxTypebotController {
  private readonly sessions = new LRUCache<string, { step: Step }>({ max: 10_000, ttl: 3_600_000 });

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Post('typebots/:publicId/startChat')
  @HttpCode(200)
  async start(
    @Param('publicId') publicId: string,
    @Body(new YupPipe(startSchema)) _body: yup.InferType<typeof startSchema>,
  ) {
    if (publicId.includes('fail')) throw new DomainError('ERR_AI_UNAVAILABLE');
    if (publicId.includes('slow')) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(60_000, this.config.ai.timeoutMs * 2)));
    }
    const sessionId = randomUUID();
    this.sessions.set(sessionId, { step: 'menu' });
    return {
      sessionId,
      resultId: randomUUID(),
      typebot: { id: publicId, theme: {}, settings: {} },
      messages: [text(`Olá! Sou o assistente virtual do **${publicId}**. Como posso ajudar?`)],
      input: menuInput,
    };
  }

  @Post('sessions/:sessionId/continueChat')
  @HttpCode(200)
  continue(
    @Param('sessionId') sessionId: string,
    @Body(new YupPipe(continueSchema)) body: yup.InferType<typeof continueSchema>,
  ) {
    const session = this.sessions.get(sessionId);
    if (!session) throw new DomainError('ERR_NOT_FOUND');
    const said = body.message.text.trim();
    if (session.step === 'menu') {
      const choice = MENU.find((item) => item.toLowerCase() === said.toLowerCase());
      if (!choice) return { messages: [], input: menuInput };
      if (choice === 'Falar com atendente') {
        this.sessions.delete(sessionId);
        return { messages: [text('Tudo bem, vou chamar uma pessoa da equipe.')] };
      }
      session.step = choice === 'Comprar' ? 'product' : 'problem';
      return {
        messages: [
          text(choice === 'Comprar' ? 'Ótimo! Qual produto você procura?' : 'Descreva o problema, por favor.'),
        ],
        input: textInput(session.step),
      };
    }
    this.sessions.delete(sessionId);
    return { messages: [text(`Obrigado! Anotei: _${said}_. Uma pessoa da equipe continua daqui.`)] };
  }
}
