import { Inject, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type OpenAI from 'openai';
import CircuitBreaker from 'opossum';
import { LRUCache } from 'lru-cache';
import { ownUrl } from '../../common/own-url.js';
import { APP_CONFIG, PRODUCT_NAME, type AppConfig } from '../../config/config.js';
import { Metrics } from '../metrics/metrics.js';
import { ssmlOf, type ChatTurnMessage } from './agent-turn.js';

/** The OpenAI client library, loaded on first use (some 14 MB of heap a server without prompts never needs). */
const library = () => import('openai');

/** Why a call to the AI service gave nothing; `message` never holds a key. */
export class AiServiceError extends Error {}

/** Azure's output chosen for WhatsApp: MP3, which every phone plays as an audio message. */
export const SPEECH_FORMAT = 'audio-16khz-32kbitrate-mono-mp3';

export interface ChatRequest {
  apiKey: string;
  model: string;
  maxTokens: number;
  temperature: number;
  messages: ChatTurnMessage[];
}

/**
 * The calls out to the AI services, each under a timeout, one retry of the OpenAI client and a
 * circuit per company and service: after 5 failures in a row of 60 s it stops calling for 30 s,
 * failing at once instead (the agent hands the ticket over either way). Chat and transcription go
 * through the official `openai` client at the configured base URL, speech to Azure's REST API;
 * with the sandbox provider, both reach this server's stand-ins (sandbox-ai.controller.ts).
 */
@Injectable()
export class AiService {
  /** One client per key: its connection pool is reused from turn to turn. */
  private readonly clients = new LRUCache<string, OpenAI>({ max: 500 });
  private readonly circuits = new LRUCache<string, CircuitBreaker<[() => Promise<unknown>], unknown>>({ max: 5_000 });

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly http: HttpAdapterHost,
    private readonly metrics: Metrics,
  ) {}

  async chat(companyId: number, request: ChatRequest): Promise<string> {
    const client = await this.client(request.apiKey);
    const answer = await this.guarded(companyId, 'chat', () =>
      client.chat.completions.create({
        model: request.model,
        messages: request.messages,
        max_tokens: request.maxTokens,
        temperature: request.temperature,
      }),
    );
    const text = answer.choices[0]?.message?.content;
    if (typeof text !== 'string') throw new AiServiceError('the model gave no text');
    return text;
  }

  async transcribe(companyId: number, apiKey: string, audio: Buffer, filename: string): Promise<string> {
    const client = await this.client(apiKey);
    const { toFile } = await library();
    const result = await this.guarded(companyId, 'transcription', async () =>
      client.audio.transcriptions.create({
        file: await toFile(audio, filename),
        model: 'whisper-1',
      }),
    );
    return result.text.trim();
  }

  /** The answer spoken by one of Azure's voices, as an MP3. */
  async speak(companyId: number, voice: { name: string; key: string; region: string }, text: string): Promise<Buffer> {
    return this.guarded(companyId, 'speech', async () => {
      // The operator's AZURE_TTS_URL (or this server's stand-in), whose host varies only by a region
      // of letters and digits (the prompt schema's rule): no user writes an address here.
      // eslint-disable-next-line no-restricted-globals
      const response = await fetch(this.ttsUrl(voice.region), {
        method: 'POST',
        headers: {
          'Ocp-Apim-Subscription-Key': voice.key,
          'Content-Type': 'application/ssml+xml',
          'X-Microsoft-OutputFormat': SPEECH_FORMAT,
          'User-Agent': PRODUCT_NAME,
        },
        body: ssmlOf(voice.name, text),
        signal: AbortSignal.timeout(this.config.ai.timeoutMs),
      });
      if (!response.ok) throw new AiServiceError(`the speech service answered ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    });
  }

  /**
   * Runs `call` under the company's circuit for `service`. Errors come out as AiServiceError
   * with the service's status or the circuit's state, never the request (which holds the key).
   */
  private async guarded<T>(companyId: number, service: string, call: () => Promise<T>): Promise<T> {
    const key = `${companyId}:${service}`;
    let circuit = this.circuits.get(key);
    if (!circuit) {
      circuit = new CircuitBreaker((run: () => Promise<unknown>) => run(), {
        timeout: false,
        volumeThreshold: 5,
        // opossum opens above this share of failures: above 99%, with at least 5 calls, is all of them.
        errorThresholdPercentage: 99,
        rollingCountTimeout: 60_000,
        resetTimeout: 30_000,
      });
      this.circuits.set(key, circuit);
    }
    try {
      return (await circuit.fire(call)) as T;
    } catch (error) {
      this.metrics.outboundFailed('ai');
      if ((error as { code?: string }).code === 'EOPENBREAKER') {
        throw new AiServiceError(`the ${service} service failed repeatedly; calls paused for 30 s`);
      }
      if (error instanceof AiServiceError) throw error;
      // Timeouts and refused connections are APIErrors without a status.
      if (error instanceof (await library()).APIError && error.status !== undefined) {
        throw new AiServiceError(`the ${service} service answered ${error.status ?? 'no status'}`);
      }
      throw new AiServiceError(`the ${service} service did not answer (${(error as Error).name})`);
    }
  }

  private async client(apiKey: string): Promise<OpenAI> {
    let client = this.clients.get(apiKey);
    if (!client) {
      const { default: Client } = await library();
      client = new Client({
        apiKey,
        baseURL: this.config.ai.provider === 'sandbox' ? `${this.ownUrl()}/sandbox/openai/v1` : this.config.ai.baseUrl,
        timeout: this.config.ai.timeoutMs,
        maxRetries: 1,
      });
      this.clients.set(apiKey, client);
    }
    return client;
  }

  private ttsUrl(region: string): string {
    if (this.config.ai.provider === 'sandbox')
      return `${this.ownUrl()}/sandbox/azure-tts/${region}/cognitiveservices/v1`;
    return this.config.ai.ttsUrl.replace('{region}', region);
  }

  /** This server's own address, where the stand-ins listen (read once it listens: tests pick a free port). */
  private ownUrl(): string {
    return ownUrl(this.http.httpAdapter.getHttpServer().address());
  }
}
