import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isIpOrCidr, isTimeZone } from '@crm/shared/schemas';
import { findPackageRoot } from './package-root';
import type { S3Settings } from './storage/s3-storage';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const isPostgresUrl = (value: string) => /^postgres(ql)?:\/\//.test(value);
/** A remote entry is either a full URL (a remote deployed elsewhere) or a path on this server. */
const isRemoteEntry = (value: string) => value.startsWith('/') || z.url().safeParse(value).success;

const remoteEntry = (name: string) =>
  z
    .string()
    .refine(isRemoteEntry, 'Use a full URL or a path starting with / to the remote mf-manifest.json')
    .default(`/build/remotes/${name}/mf-manifest.json`);

/**
 * PUSHER_URL, the form Laravel and Soketi users know: `https://key:secret@host:port/apps/id`. The key and secret are
 * the userinfo (URL-encoded), the app id the path.
 */
const PUSHER_URL_FORM = 'Use https://key:secret@host:port/apps/id (key and secret URL-encoded, secret of 16+ characters)';
/** A malformed escape (`%zz`) reads as nothing, so it is reported with the rest instead of thrown. */
const decoded = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
};
const pusherUrl = z
  .string()
  .transform((value, ctx) => {
    const url = URL.canParse(value) ? new URL(value) : undefined;
    const appId = url ? /^\/apps\/([\w-]{1,64})\/?$/.exec(url.pathname)?.[1] : undefined;
    const key = url ? decoded(url.username) : '';
    const secret = url ? decoded(url.password) : '';
    if (!url || !/^https?:$/.test(url.protocol) || !appId || !/^[\w-]{1,64}$/.test(key) || secret.length < 16) {
      ctx.addIssue({ code: 'custom', message: PUSHER_URL_FORM });
      return z.NEVER;
    }
    return { origin: url.origin, scheme: url.protocol === 'https:' ? ('https' as const) : ('http' as const), host: url.hostname, port: url.port ? Number(url.port) : undefined, appId, key, secret };
  });

/**
 * Where document files, avatars and editor images live (docs/decisions/053): the local disk, or an S3 bucket. A
 * scale-out setting: the README's configuration table lists these under "Scale-out", `.env.example` only points there.
 */
const fileStorageEnv = {
  FILE_STORAGE: z.enum(['local', 's3'], 'Use local or s3').default('local'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ENDPOINT: z.url('Use the server\'s URL, e.g. http://minio:9000').optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
};

/**
 * Every variable the server reads, each with a line in the README's configuration table; `.env.example` lists all but
 * the file storage group, at most 25 (docs/decisions/049, checked by config.test.ts).
 */
/**
 * Single sign-on with an OpenID Connect provider (docs/decisions/073): on when OIDC_ISSUER, OIDC_CLIENT_ID and
 * OIDC_CLIENT_SECRET are all set. In the README's own table, not in `.env.example` (decision 049's cap of 25).
 */
const booleanEnv = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'], 'Use true or false')
    .transform((v) => v === 'true' || v === '1')
    .default(fallback);
const claimName = z.string().regex(/^[\w.:/-]{1,100}$/, 'Use the claim\'s name, e.g. roles or groups');
const ssoEnv = {
  OIDC_ISSUER: z.url("Use the provider's issuer URL, e.g. https://login.example.com/realms/crm").optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().trim().min(1).max(40).optional(),
  OIDC_ROLE_CLAIM: claimName.optional(),
  OIDC_TEAM_CLAIM: claimName.optional(),
  OIDC_AUTO_CREATE: booleanEnv(false),
  OIDC_DEFAULT_ROLE: z.string().trim().min(1).max(100).default('Operator'),
  PASSWORD_SIGN_IN: booleanEnv(true),
  PASSWORD_SIGN_IN_BREAK_GLASS: z
    .string()
    .transform((v) => v.split(',').map((part) => part.trim().toLowerCase()).filter(Boolean))
    .refine((list) => list.every((email) => z.email().safeParse(email).success), 'Use a comma-separated list of email addresses')
    .optional(),
};

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().refine(isPostgresUrl, 'Use a postgres:// or postgresql:// URL').optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'Use at least 8 characters').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'Use an smtp:// or smtps:// URL').optional(),
  APP_URL: z.url().optional(),
  REMOTE_LEADS_URL: remoteEntry('leads'),
  REMOTE_DOCUMENTS_URL: remoteEntry('documents'),
  REMOTE_ADMIN_URL: remoteEntry('admin'),
  I18N_ENABLED: z
    .enum(['true', 'false', '1', '0'], 'Use true or false')
    .transform((v) => v === 'true' || v === '1')
    .default(false),
  // The shell's languages (host/src/app/i18n.ts); the spec's default is English (docs/decisions/067).
  DEFAULT_LANGUAGE: z.enum(['en', 'fr', 'ar', 'ru'], 'Use en, fr, ar or ru').default('en'),
  TASKS_TIME_ZONE: z
    .string()
    .default('Europe/Moscow')
    .refine(isTimeZone, 'Use an IANA time zone, e.g. Europe/Moscow or UTC'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  TOKEN_TTL_HOURS: z.coerce.number().positive().default(24 * 7),
  TRUSTED_PROXIES: z
    .string()
    .transform((v) => v.split(',').map((part) => part.trim()).filter(Boolean))
    .refine((list) => list.every(isIpOrCidr), 'Use a comma-separated list of IP addresses or CIDR ranges')
    .optional(),
  API_DOCS: z.enum(['public', 'auth', 'off'], 'Use public, auth or off').optional(),
  PUSHER_URL: pusherUrl.optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'Use a redis:// or rediss:// URL').optional(),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(100_000).default(50),
  FILE_URL_SECRET: z.string().min(32, 'Use at least 32 characters').optional(),
  SENTRY_DSN: z.url('Use the DSN Sentry gives, e.g. https://key@o1.ingest.sentry.io/2').optional(),
  SENTRY_BROWSER_DSN: z.url('Use the DSN Sentry gives, e.g. https://key@o1.ingest.sentry.io/3').optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).max(64).optional(),
}).extend({
  // GET /metrics (src/plugins/metrics.ts): unset, the route answers 404.
  METRICS_TOKEN: z.string().min(32, 'Use at least 32 characters').optional(),
  ...fileStorageEnv,
  // Webhooks may reach private and loopback addresses (docs/decisions/070): in the README, not in .env.example.
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false', '1', '0'], 'Use true or false')
    .transform((v) => v === 'true' || v === '1')
    .default(false),
  // Requests per minute one API key may make (docs/decisions/072): in the README, not in .env.example.
  API_KEY_RATE_LIMIT: z.coerce.number('Use a whole number of requests per minute').int('Use a whole number of requests per minute').min(1, 'Use at least 1').max(100_000, 'Use at most 100000').default(120),
  ...ssoEnv,
});

/** The names of the variables the server reads, in the README table's order. */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

/** The embedded endpoint's app id and public key when PUSHER_URL is unset (the secret is then random per start). */
const EMBEDDED_PUSHER = { appId: 'crm', key: 'crm-key' };

export type RemoteName = 'leads' | 'documents' | 'admin';

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute; PGlite lives in `<dataDir>/pglite`, stored files (and waiting import files) in `<dataDir>/files` unless FILE_STORAGE=s3. */
  dataDir: string;
  databaseUrl?: string;
  admin: { email?: string; password?: string };
  smtpUrl?: string;
  /** Origin used in links sent by mail, without a trailing slash. */
  appUrl: string;
  remotes: Record<RemoteName, string>;
  /** The shell's language switcher (en, fr, ar, ru); off → an English shell (I18N_ENABLED, docs/decisions/040). */
  i18nEnabled: boolean;
  /** The shell's language for whoever has not chosen one, with or without the switcher (DEFAULT_LANGUAGE, decision 067). */
  defaultLanguage: 'en' | 'fr' | 'ar' | 'ru';
  /** The zone of "today" and "this week" for task lists that name none (TASKS_TIME_ZONE, decision 074). */
  tasksTimeZone: string;
  logLevel: (typeof LOG_LEVELS)[number];
  tokenTtlHours: number;
  /** Folder holding `host/dist` and `remote-<name>/dist`: the repository root (benches and tests point it elsewhere). */
  webDistRoot: string;
  /**
   * Fastify's `trustProxy`: the peers whose X-Forwarded-For names the client (TRUSTED_PROXIES; `0.0.0.0/0,::/0` is
   * every peer), false when unset. Sign-in limits and the IP allow-list use the address this gives. Tests may pass true.
   */
  trustProxy: boolean | string[];
  loginRateLimit: {
    /** Sign-in attempts per minute from one address, whatever the email (in memory, or in REDIS_URL across instances). */
    perIp: number;
    /** Failed attempts per window for one (email, address) pair before that pair is refused (429) for the window. */
    perEmailAndIp: number;
    /** Failed attempts per slowdown window for one email, from any address, after which answers are delayed. */
    slowdownAfter: number;
    timeWindowMs: number;
    slowdownWindowMs: number;
    /** Added per failure over `slowdownAfter`, up to `maxDelayMs`. */
    delayStepMs: number;
    maxDelayMs: number;
  };
  passwordResetTtlMinutes: number;
  /** `public`: anyone reads /api/docs; `auth`: the OpenAPI JSON needs a bearer token; `off`: no docs at all. */
  apiDocs: 'public' | 'auth' | 'off';
  /** Origins the Content Security Policy allows besides this server and the remotes (docs/decisions/010). */
  csp: {
    /** Where stored files are served from when they are not on this server (a file storage issue sets it). */
    imgOrigins: string[];
    /** The realtime service (the notifications issue sets it). */
    connectOrigins: string[];
  };
  /** Document files (src/storage). */
  files: {
    /** MAX_UPLOAD_MB in bytes: a larger upload is cut off with 413. */
    maxUploadBytes: number;
    /** Key of the signed file URLs; unset, one is generated and kept in `<dataDir>/file-url-secret`. */
    urlSecret?: string;
    /** How long a signed file URL stays valid. */
    urlTtlMinutes: number;
    /** FILE_STORAGE: `<dataDir>/files`, or the bucket. */
    driver: 'local' | 's3';
    /** Set with S3_BUCKET (always with FILE_STORAGE=s3). */
    s3?: S3Settings;
  };
  /**
   * The Pusher-protocol service (docs/decisions/028): embedded in this server unless PUSHER_URL names another one
   * (`external`). A PUSHER_URL on APP_URL's own origin keeps the embedded endpoint with that id, key and secret.
   */
  realtime: {
    appId: string;
    key: string;
    /** Signs channel and user auth and the HTTP API; random per start without PUSHER_URL (one instance only). */
    secret: string;
    /** Given to pusher-js, which needs one: `api-<cluster>.pusher.com` in PUSHER_URL names it, else `eu`. */
    cluster: string;
    /** Publish to that service and let browsers connect to it instead of this server. */
    external?: { host: string; port?: number; scheme: 'http' | 'https'; wsHost: string | null; wsPort: number | null };
    redisUrl?: string;
    clientEvents: boolean;
    maxConnectionsPerIp: number;
    activityTimeoutSeconds: number;
    pongTimeoutSeconds: number;
  };
  /**
   * Error reporting (docs/decisions/043): unset when SENTRY_DSN and SENTRY_BROWSER_DSN are both unset. The API reports
   * with `dsn`, the browser with `browserDsn` (SENTRY_BROWSER_DSN, else SENTRY_DSN).
   */
  sentry?: {
    dsn?: string;
    browserDsn?: string;
    environment: string;
    /** `crm@<version>` of the root package.json, as the host's footer shows it. */
    release?: string;
    tracesSampleRate: number;
    replaysSessionSampleRate: number;
    replaysOnErrorSampleRate: number;
  };
  /** The bearer token Prometheus sends to GET /metrics (METRICS_TOKEN); unset, /metrics answers 404. */
  metricsToken?: string;
  /** Background jobs (src/jobs/job-queue.ts). */
  jobs: {
    /** How often an idle worker looks for new jobs (jobs enqueued by this instance start at once). */
    pollSeconds: number;
    /** How often jobs whose worker stopped sending heartbeats are looked for (once for all instances). */
    superviseSeconds: number;
    /** First wait before a failed job runs again; doubles with each attempt. */
    retryDelaySeconds: number;
  };
  /** Outgoing webhooks (docs/decisions/070). */
  webhooks: {
    /** WEBHOOK_ALLOW_PRIVATE: deliveries may go to private, loopback and link-local addresses. */
    allowPrivate: boolean;
    /** How long one attempt waits for the answer. */
    timeoutMs: number;
    /** Retries of a failed delivery after its first attempt (with the job queue's back-off). */
    retryLimit: number;
    /** Failed attempts in a row that turn a webhook off and notify its owner. */
    disableAfterFailures: number;
  };
  /** Keys for integrations (docs/decisions/072). */
  apiKeys: {
    /** API_KEY_RATE_LIMIT: requests one key may make per minute, counted with the sign-in limits' store. */
    rateLimitPerMinute: number;
  };
  /** Single sign-on (docs/decisions/073): unset unless OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set. */
  sso?: {
    issuer: string;
    clientId: string;
    clientSecret: string;
    /** The button's "Войти через {name}": OIDC_NAME, else the issuer's host. */
    name: string;
    roleClaim?: string;
    teamClaim?: string;
    autoCreate: boolean;
    /** The role of a user created at first sign-in when no role claim names a known role. */
    defaultRole: string;
    /** How long the provider has to answer, and how long the SPA has to exchange its one-time code. */
    flowTtlSeconds: number;
    handoffTtlSeconds: number;
  };
  /**
   * PASSWORD_SIGN_IN=false: only the emails in PASSWORD_SIGN_IN_BREAK_GLASS sign in (and reset) with a password;
   * everybody else uses single sign-on.
   */
  passwordSignIn: { enabled: boolean; breakGlass: string[] };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Shares of browser sessions Sentry samples (docs/decisions/043): no performance traces, 0.1 of ordinary sessions
 * and every session with an error recorded. Constants: nobody tunes them per deployment.
 */
export const SENTRY_SAMPLE_RATES = { tracesSampleRate: 0, replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1 } as const;

/** The repository's version (root package.json), named as Sentry's release. */
function releaseName(repositoryRoot: string): string | undefined {
  try {
    const { version } = JSON.parse(readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as { version?: string };
    return version ? `crm@${version}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The bucket, whenever S3_BUCKET is set (storage:migrate copies to it before FILE_STORAGE=s3 is switched on).
 * FILE_STORAGE=s3 needs it; both keys or neither (then the SDK's own credential chain).
 */
function s3Settings(e: z.infer<typeof envSchema>): S3Settings | undefined {
  if (e.FILE_STORAGE !== 's3' && !e.S3_BUCKET) return undefined;
  const missing = [
    ...(e.S3_BUCKET ? [] : ['S3_BUCKET: required with FILE_STORAGE=s3']),
    ...(e.S3_REGION ? [] : ['S3_REGION: required with S3_BUCKET (any value, e.g. us-east-1, for most S3-compatible servers)']),
    ...(!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY ? ['S3_SECRET_ACCESS_KEY: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither'] : []),
  ];
  if (missing.length > 0) throw new ConfigError(missing);
  return {
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION!,
    endpoint: e.S3_ENDPOINT,
    credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
  };
}

/** All three of issuer, client id and secret, or none; password sign-in turned off needs single sign-on. */
function ssoSettings(e: z.infer<typeof envSchema>): AppConfig['sso'] {
  const set = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (set === 0) {
    if (!e.PASSWORD_SIGN_IN) throw new ConfigError(['PASSWORD_SIGN_IN: false needs single sign-on (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET)']);
    return undefined;
  }
  if (set < 3) throw new ConfigError(['OIDC_ISSUER: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together, or none of them']);
  const issuer = e.OIDC_ISSUER!;
  const { protocol, hostname } = new URL(issuer);
  // Tokens travel between the CRM and the provider: plain http only to a provider on this machine.
  if (protocol !== 'https:' && !['localhost', '127.0.0.1', '[::1]'].includes(hostname)) {
    throw new ConfigError(['OIDC_ISSUER: use an https:// URL (http only for a provider on localhost)']);
  }
  return {
    issuer,
    clientId: e.OIDC_CLIENT_ID!,
    clientSecret: e.OIDC_CLIENT_SECRET!,
    name: e.OIDC_NAME ?? new URL(issuer).hostname,
    roleClaim: e.OIDC_ROLE_CLAIM,
    teamClaim: e.OIDC_TEAM_CLAIM,
    autoCreate: e.OIDC_AUTO_CREATE,
    defaultRole: e.OIDC_DEFAULT_ROLE,
    flowTtlSeconds: 600,
    handoffTtlSeconds: 60,
  };
}

/** Variables earlier versions read, and what replaced each (decision 049): a deployment that still sets one is told. */
const RETIRED_VARIABLES: Record<string, string> = {
  TRUST_PROXY: 'use TRUSTED_PROXIES (0.0.0.0/0,::/0 trusts every peer)',
  PUSHER_APP_ID: 'use PUSHER_URL=https://key:secret@host:port/apps/id',
  PUSHER_APP_KEY: 'use PUSHER_URL=https://key:secret@host:port/apps/id',
  PUSHER_APP_SECRET: 'use PUSHER_URL=https://key:secret@host:port/apps/id',
  PUSHER_HOST: 'use PUSHER_URL=https://key:secret@host:port/apps/id',
  PUSHER_PORT: 'use PUSHER_URL=https://key:secret@host:port/apps/id',
  PUSHER_SCHEME: 'use PUSHER_URL=https://key:secret@host:port/apps/id',
  PUSHER_CLUSTER: 'use PUSHER_URL (the cluster comes from an api-<cluster>.pusher.com host)',
  PUSHER_WS_HOST: 'use PUSHER_URL: browsers connect to its host',
  PUSHER_WS_PORT: 'use PUSHER_URL: browsers connect to its port',
  JOB_LEASE_SECONDS: "no longer needed: pg-boss's own heartbeat hands a crashed worker's job over (decision 048)",
  LEAD_IMPORT_PARSE: 'no longer read: imports always parse in a worker thread',
  LEAD_IMPORT_WRITE: 'no longer read: imports always write with COPY',
  LEAD_IMPORT_FILES: 'no longer read',
  LOGIN_RATE_LIMIT_PER_IP: 'no longer read: a constant (60 a minute)',
  LOGIN_RATE_LIMIT_PER_EMAIL_IP: 'no longer read: a constant (10 a minute)',
  LOGIN_SLOWDOWN_PER_EMAIL: 'no longer read: a constant (20 in 15 minutes)',
  FILE_URL_TTL_MINUTES: 'no longer read: signed file URLs last one to two hours',
  REALTIME_CLIENT_EVENTS: 'no longer read',
  REALTIME_MAX_CONNECTIONS_PER_IP: 'no longer read',
  WEB_DIST_ROOT: 'no longer read',
  SENTRY_RELEASE: 'no longer read: the release is crm@<package.json version>',
  SENTRY_TRACES_SAMPLE_RATE: 'no longer read: a constant',
  SENTRY_REPLAYS_SESSION_SAMPLE_RATE: 'no longer read: a constant',
  SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE: 'no longer read: a constant',
  S3_FORCE_PATH_STYLE:
    'the bucket goes in the path exactly when S3_ENDPOINT is set (MinIO, Ceph, Garage and R2 all accept it), in the host name on AWS',
};

/** One warning for each retired variable the environment still sets (the server logs them at start). */
export function retiredVariableWarnings(env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.entries(RETIRED_VARIABLES).flatMap(([name, instead]) =>
    env[name] !== undefined && env[name] !== '' ? [`${name} is set but no longer read: ${instead}.`] : [],
  );
}

/**
 * Parses the environment once at start-up. A relative DATA_DIR is resolved against the directory the command was
 * typed in: pnpm's INIT_CWD when run through a pnpm script (which itself runs in api/), else the process's working
 * directory. So `pnpm seed:demo` and `pnpm start` at the root both use ./data at the root.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const baseDir = env.INIT_CWD || process.cwd();
  // An empty variable (`FOO=` in a .env file) means "not set", not "set to an empty string". Only the schema's own
  // variables are read: the rest of the environment (PATH, INIT_CWD, …) is not configuration.
  const present = Object.fromEntries(
    ENV_VARIABLES.flatMap((name) => (env[name] !== undefined && env[name] !== '' ? [[name, env[name]]] : [])),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`));
  }
  const e = parsed.data;
  // Unset: this server on localhost, so links in logged mails work in development on any PORT.
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const pusher = e.PUSHER_URL;
  // Every instance must verify the signatures the others make: a random per-process secret would not do.
  if (e.REDIS_URL && !pusher) {
    throw new ConfigError([
      `PUSHER_URL: required with REDIS_URL (every instance signs with the same secret): this server's own address, e.g. ${new URL(appUrl).protocol}//crm-key:<secret>@${new URL(appUrl).host}/apps/crm`,
    ]);
  }
  // PUSHER_URL on this server's own origin: the embedded endpoint with a shared secret (several instances on REDIS_URL).
  const external =
    pusher && pusher.origin !== new URL(appUrl).origin
      ? {
          host: pusher.host,
          port: pusher.port,
          scheme: pusher.scheme,
          // Pusher Channels' API host differs from its socket host; pusher-js derives the latter from the cluster.
          wsHost: /\.pusher\.com$/.test(pusher.host) ? null : pusher.host,
          wsPort: /\.pusher\.com$/.test(pusher.host) ? null : (pusher.port ?? null),
        }
      : undefined;
  const cluster = (pusher && /^api-([a-z0-9-]+)\.pusher\.com$/.exec(pusher.host)?.[1]) || 'eu';
  const repositoryRoot = path.dirname(findPackageRoot());
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(baseDir, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    admin: { email: e.ADMIN_EMAIL?.toLowerCase(), password: e.ADMIN_PASSWORD },
    smtpUrl: e.SMTP_URL,
    appUrl,
    remotes: { leads: e.REMOTE_LEADS_URL, documents: e.REMOTE_DOCUMENTS_URL, admin: e.REMOTE_ADMIN_URL },
    i18nEnabled: e.I18N_ENABLED,
    defaultLanguage: e.DEFAULT_LANGUAGE,
    tasksTimeZone: e.TASKS_TIME_ZONE,
    logLevel: e.LOG_LEVEL,
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    webDistRoot: repositoryRoot,
    trustProxy: e.TRUSTED_PROXIES && e.TRUSTED_PROXIES.length > 0 ? e.TRUSTED_PROXIES : false,
    // Decision 012's figures; tests lower them through buildTestApp's `config`.
    loginRateLimit: {
      perIp: 60,
      perEmailAndIp: 10,
      slowdownAfter: 20,
      timeWindowMs: 60_000,
      slowdownWindowMs: 15 * 60_000,
      delayStepMs: 250,
      maxDelayMs: 5_000,
    },
    passwordResetTtlMinutes: 60,
    // Open while developing, behind sign-in in production unless the operator decides otherwise.
    apiDocs: e.API_DOCS ?? (e.NODE_ENV === 'production' ? 'auth' : 'public'),
    csp: {
      imgOrigins: [],
      connectOrigins: external
        ? [`${external.scheme === 'https' ? 'wss' : 'ws'}://${external.wsHost ?? `ws-${cluster}.pusher.com`}${external.wsPort ? `:${external.wsPort}` : ''}`]
        : [],
    },
    realtime: {
      appId: pusher?.appId ?? EMBEDDED_PUSHER.appId,
      key: pusher?.key ?? EMBEDDED_PUSHER.key,
      secret: pusher?.secret ?? randomBytes(24).toString('hex'),
      cluster,
      external,
      redisUrl: e.REDIS_URL,
      clientEvents: false,
      // Many users behind one office NAT share an address; the bench raises it through buildApp's realtime limits.
      maxConnectionsPerIp: 1000,
      // The client's activity timeout is 120 s and its pong timeout 30 s; the server uses the same.
      activityTimeoutSeconds: 120,
      pongTimeoutSeconds: 30,
    },
    files: {
      maxUploadBytes: Math.floor(e.MAX_UPLOAD_MB * 1024 * 1024),
      urlSecret: e.FILE_URL_SECRET,
      urlTtlMinutes: 60,
      driver: e.FILE_STORAGE,
      s3: s3Settings(e),
    },
    sentry:
      e.SENTRY_DSN || e.SENTRY_BROWSER_DSN
        ? {
            dsn: e.SENTRY_DSN,
            browserDsn: e.SENTRY_BROWSER_DSN ?? e.SENTRY_DSN,
            environment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV,
            release: releaseName(repositoryRoot),
            ...SENTRY_SAMPLE_RATES,
          }
        : undefined,
    metricsToken: e.METRICS_TOKEN,
    jobs: {
      pollSeconds: 2,
      superviseSeconds: 5,
      retryDelaySeconds: 5,
    },
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      timeoutMs: 10_000,
      retryLimit: 5,
      disableAfterFailures: 10,
    },
    apiKeys: { rateLimitPerMinute: e.API_KEY_RATE_LIMIT },
    sso: ssoSettings(e),
    passwordSignIn: { enabled: e.PASSWORD_SIGN_IN, breakGlass: e.PASSWORD_SIGN_IN_BREAK_GLASS ?? [] },
  };
}
