import * as yup from 'yup';

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
  REDIS_URL: url(['redis', 'rediss']).optional(),
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
  ADMIN_EMAIL: yup.string().trim().lowercase().email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: yup.string().min(8, 'must be at least 8 characters').optional(),
  /** Extra origins allowed to call the API from a browser context (comma separated). */
  CORS_ORIGINS: yup.string().trim().default(''),
  LOG_LEVEL: yup.string().oneOf(['silent', 'error', 'warn', 'info', 'debug']).default('info'),
  /** Sign-in attempts allowed per minute from one IP and for one account. */
  LOGIN_LIMIT_PER_IP: yup.number().typeError('must be a number').integer().min(1).default(20),
  LOGIN_LIMIT_PER_ACCOUNT: yup.number().typeError('must be a number').integer().min(1).default(10),
  /** Company sign-ups allowed per hour from one IP. */
  SIGNUP_LIMIT_PER_IP: yup.number().typeError('must be a number').integer().min(1).default(10),
  /** The simulated WhatsApp network (provider "sandbox"); on by default only on the embedded defaults. */
  SANDBOX: yup.boolean().typeError('must be true or false').optional(),
  /** Time between the sandbox's delivery acks (1, 2, 3, 4) of an outbound message. */
  SANDBOX_ACK_INTERVAL_MS: yup.number().typeError('must be a number').integer().min(0).max(60_000).default(150),
});

export type ConfigInput = yup.InferType<typeof configSchema>;
