import { Inject, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { LRUCache } from 'lru-cache';
import { ownUrl } from '../../common/own-url.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { folded } from '../ai/agent-turn.js';
import { Metrics } from '../metrics/metrics.js';
import { isLoopbackAddress } from '../outbound-http/address-policy.js';
import { OutboundError, OutboundHttp } from '../outbound-http/outbound-http.js';
import type { BotTurn, IntegrationBot } from './integration-bots.js';
import { SANDBOX_TYPEBOT_PATH } from './sandbox-typebot.controller.js';
import {
  answerOf,
  callTypebot,
  choicesText,
  continueRequest,
  readTurn,
  startRequest,
  TypebotError,
  type TypebotTurn,
} from './typebot-client.js';

/**
 * A typebot integration's turn: the customer's words go to Typebot's chat API and the bot's bubbles
 * come back, `typebotDelayMessage` apart, a choice input as a numbered list answered by number or
 * text. The session starts again after `typebotExpires` minutes of silence (0: never) or the
 * restart keyword; the finish keyword or the flow's end leave the ticket to people.
 */
@Injectable()
export class TypebotBot implements IntegrationBot {
  /** The input each ticket's bot waits for, to read "2" as its second choice. */
  private readonly waiting = new LRUCache<number, { id: string; choices: string[] }>({ max: 50_000, ttl: 86_400_000 });
  /** Only for this server's own stand-in: loopback, and nothing else. */
  private readonly ownHttp = new OutboundHttp({ allowAddress: isLoopbackAddress });

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly http: OutboundHttp,
    private readonly adapter: HttpAdapterHost,
    private readonly metrics: Metrics,
  ) {}

  async turn({ message, integration, text, session, say, keepSession, end }: BotTurn): Promise<void> {
    if (integration.typebotKeywordFinish && folded(text) === folded(integration.typebotKeywordFinish)) {
      this.waiting.delete(message.ticketId);
      return end('o cliente encerrou o bot', false);
    }
    let sessionId = session.id;
    const restart = !!integration.typebotKeywordRestart && folded(text) === folded(integration.typebotKeywordRestart);
    const expired =
      !!session.at &&
      integration.typebotExpires > 0 &&
      Date.now() - session.at.getTime() > integration.typebotExpires * 60_000;
    if (restart || expired) sessionId = null;
    if (restart && integration.typebotRestartMessage) await say(integration.typebotRestartMessage);
    const waiting = sessionId ? this.waiting.get(message.ticketId) : undefined;
    let turn: TypebotTurn;
    try {
      const request = sessionId
        ? continueRequest(integration.urlN8N, sessionId, answerOf(text, waiting?.choices ?? []))
        : startRequest(integration.urlN8N, integration.typebotSlug);
      turn = readTurn(await callTypebot((url, body) => this.post(url, body), request), sessionId);
    } catch (error) {
      this.metrics.outboundFailed('typebot');
      this.waiting.delete(message.ticketId);
      return end(`o Typebot falhou: ${describe(error)}`, true);
    }
    await keepSession(turn.sessionId);
    const repeated = !!waiting && !turn.bubbles.length && turn.input?.id === waiting.id;
    if (repeated && integration.typebotUnknownMessage) await say(integration.typebotUnknownMessage);
    for (const [i, bubble] of turn.bubbles.entries()) {
      if (i) await sleep(integration.typebotDelayMessage);
      await say(bubble.kind === 'text' ? bubble.text : bubble.url);
    }
    if (turn.input?.choices.length) {
      if (turn.bubbles.length) await sleep(integration.typebotDelayMessage);
      await say(choicesText(turn.input.choices));
    }
    if (turn.input) this.waiting.set(message.ticketId, turn.input);
    else {
      this.waiting.delete(message.ticketId);
      await end('o fluxo do Typebot terminou', false);
    }
  }

  /**
   * To the integration's Typebot server, a public address; with the stand-ins on, a URL on this
   * server's own origin reaches its stand-in over loopback, and only the stand-in's own two
   * routes: any other path there would have the server call its own API for whoever wrote the URL.
   */
  private post(url: string, body: Buffer) {
    const limits = { timeoutMs: this.config.ai.timeoutMs, maxBytes: 256 * 1024 };
    const headers = { 'content-type': 'application/json' };
    const own = this.config.sandbox ? ownUrl(this.adapter.httpAdapter.getHttpServer().address()) : null;
    const target = new URL(url);
    const ours = [own, this.config.publicUrl].some((origin) => origin && target.origin === new URL(origin).origin);
    if (own && ours) {
      if (!SANDBOX_TYPEBOT_PATH.test(target.pathname)) {
        return Promise.reject(new OutboundError('refused', `${target.pathname} is not the Typebot stand-in`));
      }
      return this.ownHttp.post(`${own}${target.pathname}`, body, headers, limits);
    }
    return this.http.post(url, body, headers, limits);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const describe = (error: unknown): string =>
  error instanceof OutboundError
    ? `${error.reason}: ${error.message}`
    : error instanceof TypebotError
      ? error.message
      : error instanceof Error
        ? error.name
        : String(error);
