import { randomUUID } from 'node:crypto';
import { Body, Controller, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { V } from '@atendo/shared';
import * as yup from 'yup';
import { Public } from '../../common/decorators.js';
import { DomainError } from '../../common/domain-error.js';
import { YupPipe } from '../../common/validation.pipe.js';
import { folded } from '../ai/agent-turn.js';

const detectSchema = yup.object({
  queryInput: yup
    .object({
      text: yup
        .object({
          text: yup.string().defined(V.required).max(256, V.max),
          languageCode: yup.string().required(V.required).max(35, V.max),
        })
        .required(V.required),
    })
    .required(V.required),
});

/** The stand-in agent's intents: the words that trigger each, what it answers, whether it ends. */
const INTENTS = [
  {
    name: 'Saudação',
    words: ['oi', 'ola', 'bom dia', 'boa tarde', 'hello'],
    answer: 'Olá! Sou o agente de triagem. Posso ajudar com pedidos e horários.',
    end: false,
  },
  {
    name: 'Pedido',
    words: ['pedido', 'entrega'],
    answer: 'Seu pedido está a caminho e chega em até 2 dias úteis.',
    end: false,
  },
  {
    name: 'Horário',
    words: ['horario', 'abre', 'fecha'],
    answer: 'Atendemos de segunda a sexta, das 8h às 18h.',
    end: false,
  },
  {
    name: 'Atendente',
    words: ['atendente', 'humano', 'pessoa', 'tchau'],
    answer: 'Certo, uma pessoa da equipe vai continuar o atendimento.',
    end: true,
  },
];

/**
 * The stand-in of Dialogflow ES's detect intent (registered only while AI_PROVIDER is sandbox), on
 * the REST path and shapes the `@google-cloud/dialogflow` client uses, so the real client talks to
 * it: a four-intent agent matched by words, and the Default Fallback Intent. A bearer token is
 * required; a project id containing `fail` is answered 503.
 */
// A stand-in, off where others reach the server: not part of the API reference.
@ApiExcludeController()
@Controller('v2/projects')
@Public()
export class SandboxDialogflowController {
  @Post(':project/agent/sessions/:sessionAction')
  @HttpCode(200)
  detect(
    @Param('project') project: string,
    @Param('sessionAction') sessionAction: string,
    @Headers('authorization') authorization: string | undefined,
    @Body(new YupPipe(detectSchema)) body: yup.InferType<typeof detectSchema>,
  ) {
    if (!/^Bearer \S+$/.test(authorization ?? '')) throw new DomainError('ERR_INVALID_TOKEN');
    const [session, action] = sessionAction.split(':');
    if (action !== 'detectIntent' || !session) throw new DomainError('ERR_NOT_FOUND');
    if (project.includes('fail')) throw new DomainError('ERR_AI_UNAVAILABLE');
    const { text, languageCode } = body.queryInput.text;
    const words = folded(text);
    const intent = INTENTS.find((i) => i.words.some((w) => new RegExp(`\\b${w}\\b`).test(words)));
    const answer = intent?.answer ?? 'Desculpe, não entendi. Pode repetir de outro jeito?';
    return {
      responseId: randomUUID(),
      queryResult: {
        queryText: text,
        languageCode,
        parameters: {},
        allRequiredParamsPresent: true,
        fulfillmentText: answer,
        fulfillmentMessages: [{ text: { text: [answer] } }],
        intent: {
          name: `projects/${project}/agent/intents/${randomUUID()}`,
          displayName: intent?.name ?? 'Default Fallback Intent',
          isFallback: !intent,
          endInteraction: intent?.end ?? false,
        },
        intentDetectionConfidence: intent ? 1 : 0,
      },
    };
  }
}
