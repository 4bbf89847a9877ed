import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ipaddr from 'ipaddr.js';
import { ValidationError } from 'yup';
import { parseTrustProxy, type TrustProxy } from '../common/client-address.js';
import { deriveSecretsKey } from '../common/secret-box.js';
import { parseWaVersion } from '../modules/gateway/baileys/wa-version-text.js';
import { configSchema, type ConfigInput } from './config.schema.js';

export interface AppConfig {
  env: ConfigInput['NODE_ENV'];
  port: number;
  host: string;
  dbUrl: string | null;
  dbPoolSize: number;
  /** SIGTERM's graceful drain (see graceful-shutdown.ts). */
  shutdown: { delayMs: number; timeoutMs: number };
  redisUrl: string | null;
  redisPrefix: string;
  /** NODE_ID, or generated at start: the node's name among an installation's nodes. */
  nodeId: string;
  /** The most WhatsApp sessions this node runs; Infinity without a cap. */
  sessionsPerNode: number;
  jwtSecret: string;
  jwtRefreshSecret: string;
  publicUrl: string;
  dataDir: string;
  /** Object storage for the media store (STORAGE=s3); null keeps files under DATA_DIR. */
  s3: S3StorageConfig | null;
  webDir: string;
  /** Where /updates/* takes the desktop app's updates from (see common/updates.ts). */
  updates: { dir: string | null; url: string | null };
  adminEmail: string | null;
  adminPassword: string | null;
  corsOrigins: string[];
  logLevel: ConfigInput['LOG_LEVEL'];
  logFormat: ConfigInput['LOG_FORMAT'];
  /** GET /metrics: for this Bearer token on the API's port, and/or without one on a port of its own. */
  metrics: { token: string | null; port: number | null };
  /** Which proxies may name the client's address (see client-address.ts). */
  trustProxy: TrustProxy;
  loginLimitPerIp: number;
  loginLimitPerAccount: number;
  loginLimitPerAccountHourly: number;
  signupLimitPerIp: number;
  resetLimitPerIp: number;
  resetLimitPerAccount: number;
  resetLimitPerAccountDaily: number;
  mail: MailConfig;
  sandbox: boolean;
  sandboxAckIntervalMs: number;
  payments: PaymentsConfig;
  invoiceDaysAhead: number;
  contactCheckIntervalMs: number;
  campaignDailyCap: number;
  /** Encrypts the companies' secrets at rest (see SecretBox). */
  secretsKey: Buffer;
  /** Keys `secretsKey` had before, which still open what they sealed (SECRETS_KEY_PREVIOUS). */
  secretsKeysPrevious: Buffer[];
  ai: AiConfig;
  /** The first wait before a failed webhook is tried again; each next one doubles. */
  webhookRetryBaseMs: number;
  /** Sends a second one connection's token may make through the external API. */
  externalApiLimitPerSecond: number;
  sendTokenFailuresPerIp: number;
  /** WA_WEB_VERSION: the WhatsApp Web version to announce instead of the looked-up or bundled one. */
  waWebVersion: [number, number, number] | null;
  version: string;
}

export interface S3StorageConfig {
  /** An S3-compatible server's root, addressed path-style; null for AWS's own endpoints. */
  endpoint: string | null;
  bucket: string;
  region: string;
  /** Null: the AWS SDK's default credential chain. */
  accessKeyId: string | null;
  secretAccessKey: string | null;
}

/** Where mail goes: an SMTP server, or (none configured) the outbox folder under DATA_DIR. */
export interface MailConfig {
  smtp: string | { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } } | null;
  from: string;
  outboxDir: string;
}

export interface PaymentsConfig {
  provider: 'asaas' | 'sandbox' | null;
  asaasApiKey: string | null;
  asaasBaseUrl: string;
  webhookToken: string;
  pixKey: string;
  merchantName: string;
  merchantCity: string;
}

export interface AiConfig {
  /** `sandbox`: the chat, transcription and speech stand-ins of this very server. */
  provider: 'openai' | 'sandbox';
  /** The OpenAI-compatible API root (the real one; the sandbox's is this server's own address). */
  baseUrl: string;
  /** Azure's text-to-speech endpoint with `{region}` in its host. */
  ttsUrl: string;
  timeoutMs: number;
}

export class ConfigError extends Error {}

/** The Electron app's origin: it loads the renderer from its own scheme and calls the API. */
export const DESKTOP_ORIGIN = 'app://atendo';

const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(join(serverRoot, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * Secrets that are not configured are generated once and kept under DATA_DIR, so tokens survive a
 * restart without a secret ever living in the code. Several nodes must share configured secrets.
 */
function persistedSecrets(dataDir: string): { jwt: string; refresh: string } {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    return JSON.parse(readFileSync(file, 'utf8')) as { jwt: string; refresh: string };
  }
  const secrets = { jwt: randomBytes(48).toString('base64url'), refresh: randomBytes(48).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

function mailConfig(input: ConfigInput, publicUrl: string, dataDir: string): MailConfig {
  const from = input.SMTP_FROM ?? `Atendo <no-reply@${new URL(publicUrl).hostname}>`;
  const outboxDir = join(dataDir, 'outbox');
  if (input.SMTP_URL) return { smtp: input.SMTP_URL, from, outboxDir };
  if (!input.SMTP_HOST) return { smtp: null, from, outboxDir };
  const port = input.SMTP_PORT ?? (input.SMTP_SECURE ? 465 : 587);
  return {
    smtp: {
      host: input.SMTP_HOST,
      port,
      secure: input.SMTP_SECURE ?? port === 465,
      ...(input.SMTP_USER ? { auth: { user: input.SMTP_USER, pass: input.SMTP_PASS ?? '' } } : {}),
    },
    from,
    outboxDir,
  };
}

const ASAAS_PRODUCTION = 'https://api.asaas.com/v3';
const ASAAS_SANDBOX = 'https://api-sandbox.asaas.com/v3';

function paymentsConfig(input: ConfigInput, sandbox: boolean): PaymentsConfig {
  const chosen = input.PAYMENT_PROVIDER ?? (input.ASAAS_API_KEY ? 'asaas' : sandbox ? 'sandbox' : 'none');
  if (chosen === 'sandbox' && !sandbox) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_PROVIDER: sandbox lets any admin mark its invoices paid; it needs SANDBOX=true ' +
        '(on by itself only on the embedded defaults with a loopback PUBLIC_URL)',
    );
  }
  if (chosen === 'asaas' && (!input.ASAAS_API_KEY || !input.PAYMENT_WEBHOOK_TOKEN)) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_PROVIDER: asaas needs ASAAS_API_KEY and PAYMENT_WEBHOOK_TOKEN',
    );
  }
  const key = input.ASAAS_API_KEY ?? null;
  return {
    provider: chosen === 'none' ? null : chosen,
    asaasApiKey: key,
    // Asaas's sandbox keys carry `_hmlg_`; a key of one environment is refused by the other.
    asaasBaseUrl: (input.ASAAS_BASE_URL ?? (key?.includes('_hmlg_') ? ASAAS_SANDBOX : ASAAS_PRODUCTION)).replace(
      /\/+$/,
      '',
    ),
    // The stand-in calls this process's own webhook, so a secret made at start is enough for it.
    webhookToken: input.PAYMENT_WEBHOOK_TOKEN ?? randomBytes(24).toString('base64url'),
    pixKey: input.PIX_KEY,
    merchantName: input.PIX_MERCHANT_NAME,
    merchantCity: input.PIX_MERCHANT_CITY,
  };
}

function aiConfig(input: ConfigInput, sandbox: boolean): AiConfig {
  const provider = input.AI_PROVIDER ?? (sandbox ? 'sandbox' : 'openai');
  if (provider === 'sandbox' && !sandbox) {
    throw new ConfigError(
      'Invalid configuration:\n  AI_PROVIDER: sandbox answers every company with made-up replies; it needs SANDBOX=true',
    );
  }
  return {
    provider,
    baseUrl: input.OPENAI_BASE_URL.replace(/\/+$/, ''),
    ttsUrl: input.AZURE_TTS_URL,
    timeoutMs: input.AI_TIMEOUT_MS,
  };
}

/** Whether only this machine can reach `url`: localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost') return true;
  if (!ipaddr.isValid(host)) return false;
  const address = ipaddr.process(host);
  return address.range() === 'loopback';
}

/**
 * The stand-ins (the simulated WhatsApp network and the payment stand-in) let any company admin
 * invent customers' messages and mark its own invoices paid. On by default only where nobody else
 * can reach the server: the embedded defaults (no DB_URL) with a loopback PUBLIC_URL.
 */
function sandboxOn(input: ConfigInput, publicUrl: string): boolean {
  return input.SANDBOX ?? (!input.DB_URL && isLoopbackUrl(publicUrl));
}

/** What the start-up log says, loudly, while a stand-in is on; null when none is. */
export function standInWarning(config: Pick<AppConfig, 'sandbox' | 'payments' | 'ai'>): string | null {
  const on = [
    ...(config.sandbox ? ['the sandbox WhatsApp network (any admin can inject customer messages)'] : []),
    ...(config.payments.provider === 'sandbox' ? ['the payment stand-in (any admin can mark its invoices paid)'] : []),
    ...(config.ai.provider === 'sandbox' ? ['the AI stand-in (prompts answer with made-up replies)'] : []),
  ];
  if (!on.length) return null;
  return (
    `STAND-INS ARE ON: ${on.join(' and ')}. For trying the product and tests only: ` +
    'never on a server others can reach (SANDBOX=false turns them off).'
  );
}

/**
 * The keys SECRETS_KEY replaced. The key derived from JWT_SECRET is always among them once
 * SECRETS_KEY is set: it sealed everything before the first SECRETS_KEY.
 */
function previousSecretsKeys(input: ConfigInput, jwtSecret: string): Buffer[] {
  const listed = (input.SECRETS_KEY_PREVIOUS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  return [...listed, ...(input.SECRETS_KEY ? [jwtSecret] : [])].map(deriveSecretsKey);
}

/** The desktop app's updates come from one place: a folder that must exist, or a URL. */
function updatesConfig(input: ConfigInput): AppConfig['updates'] {
  if (input.UPDATES_DIR && input.UPDATES_URL) {
    throw new ConfigError('Invalid configuration:\n  UPDATES_DIR: set UPDATES_DIR or UPDATES_URL, not both');
  }
  if (!input.UPDATES_DIR) return { dir: null, url: input.UPDATES_URL ?? null };
  const dir = resolve(input.UPDATES_DIR);
  // A mistyped path would otherwise answer 404 to every app, and look like "no updates".
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new ConfigError(`Invalid configuration:\n  UPDATES_DIR: must be an existing folder (${dir})`);
  }
  return { dir, url: null };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const raw = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  let input: ConfigInput;
  try {
    input = configSchema.validateSync(raw, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (error instanceof ValidationError) {
      const lines = error.inner.length ? error.inner : [error];
      throw new ConfigError(
        `Invalid configuration:\n${lines.map((e) => `  ${e.path}: ${e.message.replace(/^.*? must/, 'must')}`).join('\n')}`,
      );
    }
    throw error;
  }
  const dataDir = isAbsolute(input.DATA_DIR) ? input.DATA_DIR : resolve(process.cwd(), input.DATA_DIR);
  mkdirSync(join(dataDir, 'public'), { recursive: true });
  const needsGenerated = !input.JWT_SECRET || !input.JWT_REFRESH_SECRET;
  const generated = needsGenerated ? persistedSecrets(dataDir) : null;
  const jwtSecret = input.JWT_SECRET ?? generated!.jwt;
  const publicUrl = (input.PUBLIC_URL ?? `http://localhost:${input.PORT}`).replace(/\/+$/, '');
  return {
    env: input.NODE_ENV,
    port: input.PORT,
    host: input.HOST,
    dbUrl: input.DB_URL ?? null,
    dbPoolSize: input.DB_POOL_SIZE,
    shutdown: {
      delayMs: input.SHUTDOWN_DELAY_MS ?? (input.REDIS_URL ? 3_000 : 0),
      timeoutMs: input.SHUTDOWN_TIMEOUT_MS,
    },
    redisUrl: input.REDIS_URL ?? null,
    redisPrefix: input.REDIS_PREFIX,
    // Readable in the metrics and on the Connections page: the host's name, made unique per start.
    nodeId:
      input.NODE_ID ??
      `${
        hostname()
          .replace(/[^A-Za-z0-9_.-]/g, '')
          .slice(0, 40) || 'node'
      }-${randomBytes(3).toString('hex')}`,
    sessionsPerNode: input.WA_SESSIONS_PER_NODE || Infinity,
    jwtSecret,
    jwtRefreshSecret: input.JWT_REFRESH_SECRET ?? generated!.refresh,
    publicUrl,
    dataDir,
    s3:
      input.STORAGE === 's3'
        ? {
            endpoint: input.S3_ENDPOINT?.replace(/\/+$/, '') ?? null,
            bucket: input.S3_BUCKET!,
            region: input.S3_REGION,
            accessKeyId: input.S3_ACCESS_KEY_ID ?? null,
            secretAccessKey: input.S3_SECRET_ACCESS_KEY ?? null,
          }
        : null,
    webDir: input.WEB_DIR ? resolve(input.WEB_DIR) : resolve(serverRoot, '..', 'desktop', 'dist', 'renderer'),
    updates: updatesConfig(input),
    adminEmail: input.ADMIN_EMAIL ?? null,
    adminPassword: input.ADMIN_PASSWORD ?? null,
    corsOrigins: [
      new URL(publicUrl).origin,
      DESKTOP_ORIGIN,
      ...input.CORS_ORIGINS.split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ],
    logLevel: input.LOG_LEVEL,
    logFormat: input.LOG_FORMAT,
    metrics: { token: input.METRICS_TOKEN ?? null, port: input.METRICS_PORT ?? null },
    trustProxy: parseTrustProxy(input.TRUST_PROXY)!,
    loginLimitPerIp: input.LOGIN_LIMIT_PER_IP,
    loginLimitPerAccount: input.LOGIN_LIMIT_PER_ACCOUNT,
    loginLimitPerAccountHourly: input.LOGIN_LIMIT_PER_ACCOUNT_HOURLY,
    signupLimitPerIp: input.SIGNUP_LIMIT_PER_IP,
    resetLimitPerIp: input.RESET_LIMIT_PER_IP,
    resetLimitPerAccount: input.RESET_LIMIT_PER_ACCOUNT,
    resetLimitPerAccountDaily: input.RESET_LIMIT_PER_ACCOUNT_DAILY,
    mail: mailConfig(input, publicUrl, dataDir),
    sandbox: sandboxOn(input, publicUrl),
    sandboxAckIntervalMs: input.SANDBOX_ACK_INTERVAL_MS,
    payments: paymentsConfig(input, sandboxOn(input, publicUrl)),
    invoiceDaysAhead: input.INVOICE_DAYS_AHEAD,
    contactCheckIntervalMs: input.CONTACT_CHECK_INTERVAL_MS,
    campaignDailyCap: input.CAMPAIGN_DAILY_CAP,
    externalApiLimitPerSecond: input.EXTERNAL_API_LIMIT_PER_SECOND,
    sendTokenFailuresPerIp: input.SEND_TOKEN_FAILURES_PER_IP,
    waWebVersion: input.WA_WEB_VERSION ? parseWaVersion(input.WA_WEB_VERSION) : null,
    secretsKey: deriveSecretsKey(input.SECRETS_KEY ?? jwtSecret),
    secretsKeysPrevious: previousSecretsKeys(input, jwtSecret),
    ai: aiConfig(input, sandboxOn(input, publicUrl)),
    webhookRetryBaseMs: input.WEBHOOK_RETRY_BASE_MS,
    version: readVersion(),
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
export const PRODUCT_NAME = 'Atendo';
