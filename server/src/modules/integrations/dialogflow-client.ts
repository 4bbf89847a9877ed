import { Inject, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { protos, v2 } from '@google-cloud/dialogflow';
import type { OAuth2Client } from 'google-auth-library';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';

type SessionsClient = InstanceType<typeof v2.SessionsClient>;

/**
 * The client library, loaded on first use: it brings Google's protocol definitions (some 27 MB of
 * heap) that a server without Dialogflow integrations never needs.
 */
const library = () =>
  Promise.all([import('@google-cloud/dialogflow'), import('google-auth-library')]).then(([dialogflow, auth]) => ({
    SessionsClient: dialogflow.default.v2.SessionsClient,
    OAuth2Client: auth.OAuth2Client,
  }));
type DetectResponse = protos.google.cloud.dialogflow.v2.IDetectIntentResponse;

export class DialogflowError extends Error {}

/** The service account's two fields the client signs with; nothing else of the file is used. */
export interface DialogflowCredentials {
  client_email: string;
  private_key: string;
}

/**
 * The service-account JSON an admin pastes, reduced to its e-mail and key. Its `token_uri` and
 * other addresses are ignored on purpose: the server only ever talks to Google's own endpoints.
 */
export function credentialsOf(json: string): DialogflowCredentials {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new DialogflowError('the credentials are not JSON');
  }
  const { client_email: email, private_key: key } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof email !== 'string' || !email || typeof key !== 'string' || !key) {
    throw new DialogflowError('the credentials have no client_email and private_key');
  }
  return { client_email: email, private_key: key };
}

/** What an intent answered: its texts in order, and whether it ends the conversation. */
export function readDetect(response: DetectResponse): { texts: string[]; end: boolean; intent: string } {
  const result = response.queryResult ?? {};
  const fromMessages = (result.fulfillmentMessages ?? []).flatMap((m) => m.text?.text ?? []);
  const texts = (fromMessages.length ? fromMessages : [result.fulfillmentText ?? ''])
    .map((t) => t.trim())
    .filter(Boolean);
  return { texts, end: !!result.intent?.endInteraction, intent: result.intent?.displayName ?? '' };
}

/**
 * Dialogflow ES (v2) detect intent through `@google-cloud/dialogflow` over its REST transport, one
 * client per integration's credentials. With AI_PROVIDER=sandbox the same client reaches this
 * server's stand-in (sandbox-dialogflow.controller.ts) over loopback HTTP with a fixed token.
 */
@Injectable()
export class DialogflowClients {
  private readonly clients = new LRUCache<string, SessionsClient>({ max: 500 });

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly adapter: HttpAdapterHost,
  ) {}

  async detect(
    credentials: DialogflowCredentials,
    project: string,
    session: string,
    text: string,
    languageCode: string,
  ): Promise<ReturnType<typeof readDetect>> {
    const client = await this.client(credentials);
    try {
      const [response] = await client.detectIntent(
        {
          session: client.projectAgentSessionPath(project, session),
          queryInput: { text: { text: text.slice(0, 256), languageCode } },
        },
        { timeout: this.config.ai.timeoutMs, retry: null },
      );
      return readDetect(response);
    } catch (error) {
      const code = (error as { code?: number }).code;
      throw new DialogflowError(`detect intent failed${code !== undefined ? ` (code ${code})` : ''}`);
    }
  }

  private async client(credentials: DialogflowCredentials): Promise<SessionsClient> {
    const key = `${credentials.client_email}\n${credentials.private_key}`;
    let client = this.clients.get(key);
    if (!client) {
      const { SessionsClient, OAuth2Client: Auth } = await library();
      client =
        this.config.ai.provider === 'sandbox'
          ? this.standIn(SessionsClient, new Auth())
          : new SessionsClient({ credentials, fallback: 'rest' });
      this.clients.set(key, client);
    }
    return client;
  }

  private standIn(Client: typeof v2.SessionsClient, auth: OAuth2Client): SessionsClient {
    const address = this.adapter.httpAdapter.getHttpServer().address() as { port: number };
    auth.setCredentials({ access_token: 'sandbox-dialogflow', expiry_date: Date.now() + 365 * 86_400_000 });
    return new Client({
      fallback: 'rest',
      protocol: 'http',
      apiEndpoint: '127.0.0.1',
      port: address.port,
      authClient: auth,
    });
  }
}
