import * as yup from 'yup';
import { parseTrustProxy } from '../common/client-address.js';
import { parseWaVersion } from '../modules/gateway/baileys/wa-version-text.js';

const url = (protocols: string[]) =>
  yup
    .string()
    .trim()
    .test('url', `must be a URL with one of the schemes ${protocols.join(', ')}`, (value) => {
      if (!value) return true;
      try {
        return protocols.includes(new URL(value).protocol.replace(':', ''));
      } catch {
        return false;
      }
    });

/** Every environment variable the server reads, validated once at start. */
export const configSchema = yup.object({
  NODE_ENV: yup.string().oneOf(['development', 'production', 'test']).default('production'),
  PORT: yup.number().typeError('must be a port number').integer().min(0).max(65535).default(8080),
  HOST: yup.string().trim().default('0.0.0.0'),
  DB_URL: url(['mysql', 'mariadb']).optional(),
  /** Connections each server process keeps to MySQL/MariaDB (the embedded SQLite has one). */
  DB_POOL_SIZE: yup.number().typeError('must be a number').integer().min(2).max(1000).default(20),
  /**
   * On SIGTERM, how long readiness fails before the node stops taking work (load balancers notice
   * meanwhile). By default 3 s with REDIS_URL (nodes behind a balancer), none on the embedded defaults.
   */
  SHUTDOWN_DELAY_MS: yup.number().typeError('must be a number').integer().min(0).max(120_000).optional(),
  /** The bound of the whole graceful shutdown; past it the process ends anyway (exit code 1). */
  SHUTDOWN_TIMEOUT_MS: yup.number().typeError('must be a number').integer().min(1_000).max(600_000).default(30_000),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  /**
   * This process's name among the nodes of an installation (which node holds a WhatsApp session, in
   * the metrics and on the Connections page); one is generated at start without it. Never the same
   * for two processes running at once.
   */
  NODE_ID: yup
    .string()
    .trim()
    .matches(/^[A-Za-z0-9_.-]{1,64}$/, 'may hold 1-64 letters, digits, ".", "_" and "-"')
    .optional(),
  /** The most WhatsApp sessions one node runs (0: no cap); the rest wait for room on another node. */
  WA_SESSIONS_PER_NODE: yup.number().typeError('must be a number').integer().min(0).max(1_000_000).default(0),
  /** Namespaces Redis keys (queues, throttling, socket rooms) so installations can share a Redis. */
  REDIS_PREFIX: yup
    .string()
    .trim()
    .matches(/^[A-Za-z0-9:_-]+$/, 'may hold letters, digits, ":", "_" and "-" only')
    .default('atendo'),
  JWT_SECRET: yup.string().min(32, 'must be at least 32 characters').optional(),
  JWT_REFRESH_SECRET: yup.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: url(['http', 'https']).optional(),
  DATA_DIR: yup.string().trim().default('data'),
  WEB_DIR: yup.string().trim().optional(),
  /** Where uploaded and received files are kept: `local` (under DATA_DIR) or `s3` (object storage). */
  STORAGE: yup.string().oneOf(['local', 's3'], 'must be local or s3').default('local'),
  /** An S3-compatible server's root (MinIO, R2, Ceph RGW, …), addressed path-style; AWS's own without it. */
  S3_ENDPOINT: url(['http', 'https']).optional(),
  S3_BUCKET: yup
    .string()
    .trim()
    .matches(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be an S3 bucket name (3-63 lowercase letters, digits, "." and "-")',
    )
    .when('STORAGE', { is: 's3', then: (schema) => schema.required('is required with STORAGE=s3') })
    .optional(),
  S3_REGION: yup.string().trim().default('us-east-1'),
  /** Both or neither; without them the AWS SDK's own chain (environment, instance role, …) is used. */
  S3_ACCESS_KEY_ID: yup.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: yup
    .string()
    .trim()
    .when('S3_ACCESS_KEY_ID', {
      is: (id: string | undefined) => !!id,
      then: (schema) => schema.required('is required with S3_ACCESS_KEY_ID'),
    })
    .optional(),
  /** The desktop app's updates: a folder of electron-builder's output, or a release URL they are under. */
  UPDATES_DIR: yup.string().trim().optional(),
  UPDATES_URL: url(['http', 'https']).optional(),
  ADMIN_EMAIL: yup.string().trim().lowercase().email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: yup.string().min(8, 'must be at least 8 characters').optional(),
  /** Extra origins allowed to call the API from a browser context (comma separated). */
  CORS_ORIGINS: yup.string().trim().default(''),
  LOG_LEVEL: yup.string().oneOf(['silent', 'error', 'warn', 'info', 'debug']).default('info'),
  /** `text` for people at a terminal, `json` (one object a line) for a log store. */
  LOG_FORMAT: yup.string().oneOf(['text', 'json'], 'must be text or json').default('text'),
  /** Turns GET /metrics on, for callers that send it as a Bearer token. */
  METRICS_TOKEN: yup.string().trim().min(16, 'must be at least 16 characters').optional(),
  /** Serves GET /metrics, without a token, on this port of its own (keep it off the public network). */
  METRICS_PORT: yup
    .number()
    .typeError('must be a port number')
    .integer()
    .min(1)
    .max(65535)
    .notOneOf([yup.ref('PORT')], 'must differ from PORT')
    .optional(),
  /**
   * Which proxies in front of the server are believed about the client's address (X-Forwarded-For),
   * for HTTP and the socket handshake alike: off by default, since a client could forge it.
   */
  TRUST_PROXY: yup
    .string()
    .trim()
    .test(
      'trust-proxy',
      'must be true, false, a hop count, or a comma-separated list of addresses or CIDRs (loopback, linklocal and uniquelocal name their ranges)',
      (value) => !value || parseTrustProxy(value) !== null,
    )
    .default('false'),
  /**
   * Failed sign-ins allowed a minute from one IP (whatever the account) and for one account from one
   * IP, and an hour for one account from every IP together (IPs it signed in from lately excepted).
   */
  LOGIN_LIMIT_PER_IP: yup.number().typeError('must be a number').integer().min(1).default(20),
  LOGIN_LIMIT_PER_ACCOUNT: yup.number().typeError('must be a number').integer().min(1).default(10),
  LOGIN_LIMIT_PER_ACCOUNT_HOURLY: yup.number().typeError('must be a number').integer().min(1).default(100),
  /** Company sign-ups allowed per hour from one IP. */
  SIGNUP_LIMIT_PER_IP: yup.number().typeError('must be a number').integer().min(1).default(10),
  /**
   * Password-reset requests (and, counted apart, failed codes) allowed an hour from one IP and for one
   * address from one IP, and a day for one address from every IP together (IPs it signed in from excepted).
   */
  RESET_LIMIT_PER_IP: yup.number().typeError('must be a number').integer().min(1).default(10),
  RESET_LIMIT_PER_ACCOUNT: yup.number().typeError('must be a number').integer().min(1).default(5),
  RESET_LIMIT_PER_ACCOUNT_DAILY: yup.number().typeError('must be a number').integer().min(1).default(20),
  /** Outgoing mail: an smtp(s):// URL, or the host and its parts; with neither, mail goes to DATA_DIR/outbox. */
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  SMTP_HOST: yup.string().trim().optional(),
  SMTP_PORT: yup.number().typeError('must be a port number').integer().min(1).max(65535).optional(),
  SMTP_SECURE: yup.boolean().typeError('must be true or false').optional(),
  SMTP_USER: yup.string().optional(),
  SMTP_PASS: yup.string().optional(),
  SMTP_FROM: yup.string().trim().optional(),
  /**
   * The stand-ins: the simulated WhatsApp network (provider "sandbox") and the payment stand-in. On by
   * default only on the embedded defaults with a loopback PUBLIC_URL.
   */
  SANDBOX: yup.boolean().typeError('must be true or false').optional(),
  /** Time between the sandbox's delivery acks (1, 2, 3, 4) of an outbound message. */
  SANDBOX_ACK_INTERVAL_MS: yup.number().typeError('must be a number').integer().min(0).max(60_000).default(150),
  /**
   * Who charges the invoices: `asaas` (the real PSP), `sandbox` (the local stand-in) or `none`. By
   * default Asaas when ASAAS_API_KEY is set, else the stand-in wherever the stand-ins are on (and only there).
   */
  PAYMENT_PROVIDER: yup.string().oneOf(['asaas', 'sandbox', 'none'], 'must be asaas, sandbox or none').optional(),
  ASAAS_API_KEY: yup.string().trim().optional(),
  /** Asaas API v3 root; by default the sandbox for a `_hmlg_` key, production otherwise. */
  ASAAS_BASE_URL: url(['https', 'http']).optional(),
  /** The secret the PSP sends in the `asaas-access-token` header of every webhook call. */
  PAYMENT_WEBHOOK_TOKEN: yup.string().min(16, 'must be at least 16 characters').optional(),
  /** The stand-in's receiving Pix key and merchant, written into its BR Codes. */
  PIX_KEY: yup.string().trim().default('00000000-0000-4000-8000-000000000000'),
  PIX_MERCHANT_NAME: yup.string().trim().max(25, 'must be at most 25 characters').default('Atendo'),
  PIX_MERCHANT_CITY: yup.string().trim().max(15, 'must be at most 15 characters').default('Sao Paulo'),
  /** Invoices are issued this many days before the company's due date. */
  INVOICE_DAYS_AHEAD: yup.number().typeError('must be a number').integer().min(0).max(60).default(10),
  /**
   * Pace of the WhatsApp checks of contact-list items, per connection: one check every this many
   * milliseconds (each wait drawn within ±25% of it). WhatsApp bans accounts that look up numbers
   * in bursts; 1 s is what a person scrolling contacts would not exceed by much.
   */
  CONTACT_CHECK_INTERVAL_MS: yup.number().typeError('must be a number').integer().min(0).max(600_000).default(1000),
  /**
   * The most campaign messages one connection sends in a UTC day, whatever a company sets (it may
   * set less). New numbers that send hundreds a day to people who never saved them get banned.
   */
  EXTERNAL_API_LIMIT_PER_SECOND: yup.number().typeError('must be a number').integer().min(1).max(100_000).default(20),
  /**
   * Wrong send-API tokens allowed a minute from one IP (at `POST /api/messages/send`, and a token
   * chosen in the connection form that another company holds); then 429 until the minute ends.
   */
  SEND_TOKEN_FAILURES_PER_IP: yup.number().typeError('must be a number').integer().min(1).default(10),
  /**
   * The key that encrypts the companies' secrets at rest (AI and integration keys). Without it one
   * is derived from JWT_SECRET, so nodes that share that share this; set it to rotate one without the other.
   */
  SECRETS_KEY: yup.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Keys SECRETS_KEY had before (comma separated): values sealed under them still open, and
   * `npm run reseal` seals them again under SECRETS_KEY, after which they can go.
   */
  SECRETS_KEY_PREVIOUS: yup
    .string()
    .test(
      'each-key',
      'must be keys of at least 32 characters, comma separated',
      (v) => !v || v.split(',').every((k) => k.trim().length >= 32),
    )
    .optional(),
  /**
   * Who answers the AI agents: `openai` (OPENAI_BASE_URL, any OpenAI-compatible API, and Azure's
   * speech service) or `sandbox` (this server's own stand-ins). The stand-in by default wherever the
   * stand-ins are on, and only there.
   */
  AI_PROVIDER: yup.string().oneOf(['openai', 'sandbox'], 'must be openai or sandbox').optional(),
  OPENAI_BASE_URL: url(['https', 'http']).default('https://api.openai.com/v1'),
  /** Azure text-to-speech; `{region}` is the prompt's voiceRegion. */
  AZURE_TTS_URL: yup
    .string()
    .trim()
    .matches(/^https?:\/\/[^/]*\{region\}/, 'must be an http(s) URL whose host holds {region}')
    .default('https://{region}.tts.speech.microsoft.com/cognitiveservices/v1'),
  /** How long one call to the AI service (a chat turn, a transcription, a speech) may take. */
  AI_TIMEOUT_MS: yup.number().typeError('must be a number').integer().min(100).max(300_000).default(20_000),
  /** A webhook that fails is tried again this long later, doubling each time (5 tries in all). */
  WEBHOOK_RETRY_BASE_MS: yup.number().typeError('must be a number').integer().min(1).max(600_000).default(2000),
  CAMPAIGN_DAILY_CAP: yup.number().typeError('must be a number').integer().min(1).max(1_000_000).default(1000),
  /**
   * The WhatsApp Web version the connections announce (`2.3000.1023223821`), for when WhatsApp
   * refuses the one looked up at start or bundled with Baileys as too old.
   */
  WA_WEB_VERSION: yup
    .string()
    .trim()
    .test('wa-version', 'must be a version like 2.3000.1023223821', (value) => !value || parseWaVersion(value) !== null)
    .optional(),
});

export type ConfigInput = yup.InferType<typeof configSchema>;
