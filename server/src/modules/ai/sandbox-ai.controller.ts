import { randomUUID } from 'node:crypto';
import { Body, Controller, Headers, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { HANDOFF_ACTION, PROMPT_VOICES, V } from '@atendo/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import { Public } from '../../common/decorators.js';
import { DomainError } from '../../common/domain-error.js';
import { readParts } from '../../common/multipart.js';
import { YupPipe } from '../../common/validation.pipe.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { folded } from './agent-turn.js';
import { SPEECH_FORMAT } from './ai-service.js';

const chatSchema = yup.object({
  model: yup.string().required(V.required).max(100, V.max),
  messages: yup
    .array(
      yup.object({
        role: yup.string().oneOf(['system', 'user', 'assistant'], V.oneOf).required(V.required),
        content: yup.string().defined(V.required).max(100_000, V.max),
      }),
    )
    .required(V.required)
    .min(1, V.min)
    .max(1000, V.max),
  max_tokens: yup.number().typeError(V.number).integer(V.integer).min(1, V.min).max(100_000, V.max).default(100),
  temperature: yup.number().typeError(V.number).min(0, V.min).max(2, V.max).default(1),
});
type ChatBody = yup.InferType<typeof chatSchema>;

/** 36 ms of silence: one MPEG-2 Layer III frame, 16 kHz mono at 32 kbit/s (Azure's SPEECH_FORMAT). */
const SILENT_FRAME = Buffer.concat([Buffer.from([0xff, 0xf3, 0x48, 0xc4]), Buffer.alloc(140)]);

/**
 * The stand-ins of the AI services (registered only while AI_PROVIDER is sandbox), on their real
 * paths and shapes, so the real clients talk to them: OpenAI's chat completions and audio
 * transcriptions (the `openai` package), and Azure's text-to-speech REST call.
 *
 * They answer without thinking: the chat echoes the customer's last words (and, asked to
 * "transfer", answers the hand-over action); a transcription names the audio's size; speech is
 * silence as long as the text would take to say. A key containing `fail` is answered 503 and one
 * containing `slow` only after twice AI_TIMEOUT_MS, which the README lists for trying failures.
 */
// A stand-in, off where others reach the server: not part of the API reference.
@ApiExcludeController()
@Controller('sandbox')
@Public()
export class SandboxAiController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Post('openai/v1/chat/completions')
  @HttpCode(200)
  async chat(
    @Headers('authorization') authorization: string | undefined,
    @Body(new YupPipe(chatSchema)) body: ChatBody,
  ) {
    await this.behave(bearerOf(authorization));
    const last = [...body.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const reply = folded(last).includes('transfer')
      ? HANDOFF_ACTION
      : `Resposta do assistente (${body.model}): você disse "${last}".`;
    const words = reply.split(/\s+/);
    const content = words.slice(0, body.max_tokens).join(' ');
    const promptTokens = body.messages.reduce((sum, m) => sum + m.content.split(/\s+/).length, 0);
    const completionTokens = Math.min(words.length, body.max_tokens);
    return {
      id: `chatcmpl-${randomUUID()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null },
          logprobs: null,
          finish_reason: completionTokens < words.length ? 'length' : 'stop',
        },
      ],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
    };
  }

  @Post('openai/v1/audio/transcriptions')
  @HttpCode(200)
  async transcribe(@Headers('authorization') authorization: string | undefined, @Req() request: FastifyRequest) {
    await this.behave(bearerOf(authorization));
    const { files, fields } = await readParts(request, 'file', { limits: { fileSize: 25 * 1024 * 1024, files: 1 } });
    const file = files.find((f) => f.fieldname === 'file');
    if (!file?.data.length) throw invalid('file', V.required);
    if (!fields.get('model')?.[0]) throw invalid('model', V.required);
    return { text: `Áudio de ${Math.max(1, Math.round(file.data.length / 1024))} kB recebido.` };
  }

  @Post('azure-tts/:region/cognitiveservices/v1')
  async speak(
    @Param('region') region: string,
    @Headers('ocp-apim-subscription-key') key: string | undefined,
    @Headers('x-microsoft-outputformat') format: string | undefined,
    @Body() ssml: unknown,
    @Res() reply: FastifyReply,
  ) {
    if (!/^[a-z0-9]{1,40}$/.test(region)) throw invalid('region', V.invalid);
    if (!key) throw new DomainError('ERR_INVALID_TOKEN');
    await this.behave(key);
    if (format !== SPEECH_FORMAT) throw invalid('X-Microsoft-OutputFormat', V.oneOf);
    if (typeof ssml !== 'string') throw invalid('ssml', V.required);
    const voice = /<voice\s+name="([^"]+)"/.exec(ssml)?.[1];
    if (!voice || !(PROMPT_VOICES as readonly string[]).includes(voice)) throw invalid('voice', V.oneOf);
    const text = ssml.replace(/<[^>]*>/g, '');
    // About 60 ms a character, as a person reads aloud; between half a second and 20 s.
    const frames = Math.ceil(Math.min(20_000, Math.max(500, text.length * 60)) / 36);
    await reply
      .header('content-type', 'audio/mpeg')
      .send(Buffer.concat(Array.from({ length: frames }, () => SILENT_FRAME)));
  }

  /** The failures a key asks for: `fail` answers 503 at once, `slow` after twice the timeout. */
  private async behave(key: string): Promise<void> {
    if (key.includes('fail')) throw new DomainError('ERR_AI_UNAVAILABLE');
    if (key.includes('slow')) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(60_000, this.config.ai.timeoutMs * 2)));
    }
  }
}

const invalid = (field: string, message: string) => new DomainError('ERR_VALIDATION', { fields: [{ field, message }] });

function bearerOf(authorization: string | undefined): string {
  const key = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!key) throw new DomainError('ERR_INVALID_TOKEN');
  return key;
}
