import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** Every setting the server reads from its environment, validated in one place. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  STAFF_EMAIL: z.email().optional(),
  STAFF_PASSWORD: z.string().min(12, 'must be at least 12 characters').max(128).optional(),
  STAFF_NAME: z.string().trim().min(2, 'must be at least 2 characters').max(100, 'must be at most 100 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  CONTACT_INBOX: z.email().default('contact@bank.local'),
  MAIL_FROM: z.email().default('no-reply@bank.local'),
  SMS_URL: z
    .string()
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .optional(),
  CLEARING_URL: z
    .string()
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .optional(),
  CLEARING_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  UPLOAD_STORE: z.enum(['disk', 'database']).optional(),
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  BACKUP_DIR: z.string().min(1).optional(),
  METRICS_TOKEN: z.string().min(20, 'must be at least 20 characters').optional(),
  MIGRATE_ON_START: z.enum(['true', 'false'], 'must be true or false').default('true'),
});

/** At most this many proxies in front of the server: a longer chain is a mistake, not a network. */
const proxyHopsMax = 10;

/** An IPv4 or IPv6 address, with an optional prefix length that fits it. */
function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which `X-Forwarded-For` entries to believe. `true` is refused: it believes the leftmost entry,
 * which the client writes itself, so anyone could pose as a new address to every throttle.
 */
function parseTrustProxy(value: string, context: z.RefinementCtx): false | number | string[] {
  if (value === 'false') return false;
  if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= proxyHopsMax) return Number(value);
  const addresses = value.split(',').map((part) => part.trim());
  if (addresses.every(isAddressOrRange)) return addresses;
  context.addIssue({
    code: 'custom',
    message: `must be false, the number of proxies in front of the server (1 to ${proxyHopsMax}), or their addresses (for example 10.0.0.0/8,127.0.0.1); true would believe addresses the client writes itself`,
  });
  return z.NEVER;
}

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  authSecret: string | undefined;
  staffEmail: string | undefined;
  staffPassword: string | undefined;
  /** The name the first staff member is created with (shown in the dashboard and on every decision). */
  staffName: string | undefined;
  smtpUrl: string | undefined;
  contactInbox: string;
  mailFrom: string;
  /** The SMS gateway messages are POSTed to; unset, the embedded SMS catcher writes them to the log. */
  smsUrl: string | undefined;
  /** The clearing house's address (its `POST /iso20022`); unset, a switch is started in this process. */
  clearingUrl: string | undefined;
  /** The key the bank and the clearing house sign their messages with; unset, the embedded switch gets a new one at each start. */
  clearingKey: string | undefined;
  /** Where uploaded images live: files under DATA_DIR/uploads, or PostgreSQL (shared by every instance). */
  uploadStore: 'disk' | 'database';
  rateLimitMultiplier: number;
  logLevel: string;
  /** false, a hop count, or the proxies' addresses and CIDR ranges (Fastify's `trustProxy`). */
  trustProxy: false | number | string[];
  /** The bearer token `GET /metrics` asks for; without it the metrics are not served. */
  metricsToken: string | undefined;
  /** Where `npm run backup` and the embedded database's backups write: DATA_DIR/backups by default. */
  backupDir: string;
  /** false when migrations are run alone (`npm run db:migrate`) before instances start. */
  migrateOnStart: boolean;
};

export class ConfigError extends Error {}

function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** Reads the environment; throws a `ConfigError` whose message names every wrong variable. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  // A switch elsewhere knows the bank only by this key: without it no message could be signed, and
  // every payment would wait in the outbox until someone noticed.
  if (env.CLEARING_URL !== undefined && env.CLEARING_KEY === undefined) {
    throw new ConfigError('Invalid environment:\n  CLEARING_KEY: required when CLEARING_URL is set (the key the clearing house shares with the bank)');
  }
  if ((env.STAFF_EMAIL === undefined) !== (env.STAFF_PASSWORD === undefined)) {
    throw new ConfigError('Invalid environment:\n  STAFF_EMAIL and STAFF_PASSWORD must be set together');
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const config: Config = {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    authSecret: env.BETTER_AUTH_SECRET,
    staffEmail: env.STAFF_EMAIL?.toLowerCase(),
    staffPassword: env.STAFF_PASSWORD,
    staffName: env.STAFF_NAME,
    smtpUrl: env.SMTP_URL,
    contactInbox: env.CONTACT_INBOX,
    mailFrom: env.MAIL_FROM,
    smsUrl: env.SMS_URL,
    clearingUrl: env.CLEARING_URL?.replace(/\/$/, ''),
    clearingKey: env.CLEARING_KEY,
    // With a PostgreSQL server there may be several instances; a file on one is not on another.
    uploadStore: env.UPLOAD_STORE ?? (env.DATABASE_URL === undefined ? 'disk' : 'database'),
    rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    metricsToken: env.METRICS_TOKEN,
    backupDir: env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups'),
    migrateOnStart: env.MIGRATE_ON_START === 'true',
  };
  assertSafeForProduction(config);
  return config;
}

/** A production deployment on a real database must not run with a generated secret or plain HTTP. */
function assertSafeForProduction(config: Config): void {
  if (config.nodeEnv !== 'production' || config.databaseUrl === undefined) return;
  const problems: string[] = [];
  if (config.authSecret === undefined) problems.push('BETTER_AUTH_SECRET: required in production');
  const url = new URL(config.publicUrl);
  if (url.protocol === 'http:' && !isLocalHost(url.hostname)) {
    problems.push('PUBLIC_URL: must use https:// in production');
  }
  if (problems.length > 0) throw new ConfigError(`Unsafe production settings:\n  ${problems.join('\n  ')}`);
}
