import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { isIpOrCidr } from '@crm/shared/schemas';
import { findPackageRoot } from './package-root';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const isPostgresUrl = (value: string) => /^postgres(ql)?:\/\//.test(value);
/** A remote entry is either a full URL (a remote deployed elsewhere) or a path on this server. */
const isRemoteEntry = (value: string) => value.startsWith('/') || z.url().safeParse(value).success;

const remoteEntry = (name: string) =>
  z
    .string()
    .refine(isRemoteEntry, 'Use a full URL or a path starting with / to the remote mf-manifest.json')
    .default(`/build/remotes/${name}/mf-manifest.json`);

/** A share of sessions or requests, 0 (none) to 1 (all). */
const sampleRate = (fallback: number) => z.coerce.number().min(0, 'Use a number from 0 to 1').max(1, 'Use a number from 0 to 1').default(fallback);

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
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  TOKEN_TTL_HOURS: z.coerce.number().positive().default(24 * 7),
  WEB_DIST_ROOT: z.string().min(1).optional(),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'], 'Use true or false')
    .transform((v) => v === 'true' || v === '1')
    .default(false),
  TRUSTED_PROXIES: z
    .string()
    .transform((v) => v.split(',').map((part) => part.trim()).filter(Boolean))
    .refine((list) => list.every(isIpOrCidr), 'Use a comma-separated list of IP addresses or CIDR ranges')
    .optional(),
  LOGIN_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(60),
  LOGIN_RATE_LIMIT_PER_EMAIL_IP: z.coerce.number().int().positive().default(10),
  LOGIN_SLOWDOWN_PER_EMAIL: z.coerce.number().int().positive().default(20),
  API_DOCS: z.enum(['public', 'auth', 'off'], 'Use public, auth or off').optional(),
  LEAD_IMPORT_PARSE: z.enum(['worker', 'inline'], 'Use worker or inline').default('worker'),
  LEAD_IMPORT_WRITE: z.enum(['copy', 'batches'], 'Use copy or batches').default('copy'),
  LEAD_IMPORT_FILES: z.enum(['auto', 'database'], 'Use auto or database').default('auto'),
  PUSHER_APP_ID: z.string().regex(/^[\w-]{1,64}$/, 'Use letters, digits, - or _').default('crm'),
  PUSHER_APP_KEY: z.string().regex(/^[\w-]{1,64}$/, 'Use letters, digits, - or _').default('crm-key'),
  PUSHER_APP_SECRET: z.string().min(16, 'Use at least 16 characters').optional(),
  PUSHER_HOST: z.string().min(1).optional(),
  PUSHER_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  PUSHER_SCHEME: z.enum(['http', 'https'], 'Use http or https').optional(),
  PUSHER_CLUSTER: z.string().regex(/^[a-z0-9-]{1,32}$/, 'Use a cluster name such as eu').default('eu'),
  PUSHER_WS_HOST: z.string().min(1).optional(),
  PUSHER_WS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'Use a redis:// or rediss:// URL').optional(),
  REALTIME_CLIENT_EVENTS: z
    .enum(['true', 'false', '1', '0'], 'Use true or false')
    .transform((v) => v === 'true' || v === '1')
    .default(false),
  REALTIME_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().positive().default(1000),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(100_000).default(50),
  FILE_URL_SECRET: z.string().min(32, 'Use at least 32 characters').optional(),
  FILE_URL_TTL_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(60),
  SENTRY_DSN: z.url('Use the DSN Sentry gives, e.g. https://key@o1.ingest.sentry.io/2').optional(),
  SENTRY_BROWSER_DSN: z.url('Use the DSN Sentry gives, e.g. https://key@o1.ingest.sentry.io/3').optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).max(64).optional(),
  SENTRY_RELEASE: z.string().min(1).max(200).optional(),
  SENTRY_TRACES_SAMPLE_RATE: sampleRate(0),
  SENTRY_REPLAYS_SESSION_SAMPLE_RATE: sampleRate(0.1),
  SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE: sampleRate(1),
});

export type RemoteName = 'leads' | 'documents' | 'admin';

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute; PGlite lives in `<dataDir>/pglite`, uploads will live in `<dataDir>/uploads`. */
  dataDir: string;
  databaseUrl?: string;
  admin: { email?: string; password?: string };
  smtpUrl?: string;
  /** Origin used in links sent by mail, without a trailing slash. */
  appUrl: string;
  remotes: Record<RemoteName, string>;
  /** §1: the shell's language switcher (en, fr, ar, ru); off → an English shell (I18N_ENABLED, docs/decisions/040). */
  i18nEnabled: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  tokenTtlHours: number;
  /** Folder holding `host/dist` and `remote-<name>/dist`. */
  webDistRoot: string;
  /**
   * Fastify's `trustProxy`: the peers whose X-Forwarded-For names the client (TRUSTED_PROXIES), or true to believe
   * every peer (TRUST_PROXY, only behind a proxy that overwrites the header). Sign-in limits and the IP allow-list
   * use the address this gives.
   */
  trustProxy: boolean | string[];
  loginRateLimit: {
    /** Sign-in attempts per minute from one address, whatever the email (in memory, per instance). */
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
  };
  /** The Pusher-protocol service (docs/decisions/028): embedded in this server unless `external` names one. */
  realtime: {
    appId: string;
    key: string;
    /** Signs channel and user auth and the HTTP API; random per start when unset (one instance only). */
    secret: string;
    cluster: string;
    /** PUSHER_HOST and friends: publish to that service and let browsers connect to it instead of this server. */
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
    release?: string;
    tracesSampleRate: number;
    /** §9: 0.1 of ordinary sessions are recorded, 1 (all) of the sessions with an error. */
    replaysSessionSampleRate: number;
    replaysOnErrorSampleRate: number;
  };
  /** Background jobs (src/jobs/job-queue.ts). */
  jobs: {
    /** How often an idle worker looks for new jobs (jobs enqueued by this instance start at once). */
    pollSeconds: number;
    /** How often jobs whose worker stopped sending heartbeats are looked for (once for all instances). */
    superviseSeconds: number;
    /** First wait before a failed job runs again; doubles with each attempt. */
    retryDelaySeconds: number;
  };
  /**
   * Where an import parses and checks its file: a worker thread (default), or `inline` on the API's own thread
   * between batches, as before decision 035 (kept for the benchmark's side-by-side figures).
   */
  leadImportParse: 'worker' | 'inline';
  /**
   * `copy` (default): groups of up to 10,000 rows per transaction written with COPY; `batches`: one multi-row INSERT
   * transaction per 1,000 rows, as before (kept for the benchmark's side-by-side figures, decision 035).
   */
  leadImportWrite: 'copy' | 'batches';
  /**
   * `auto` (default): an uploaded file waits in DATA_DIR/lead-imports on embedded PGlite on disk, in the job's row
   * otherwise; `database`: always in the row, as before (for the benchmark's side-by-side figures, decision 035).
   */
  leadImportFiles: 'auto' | 'database';
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once at start-up. Relative DATA_DIR and WEB_DIST_ROOT are resolved against the directory
 * the command was typed in: pnpm's INIT_CWD when run through a pnpm script (which itself runs in api/), else the
 * process's working directory. So `pnpm seed:demo` and `pnpm start` at the root both use ./data at the root.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const baseDir = env.INIT_CWD || process.cwd();
  // An empty variable (`FOO=` in a .env file) means "not set", not "set to an empty string".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  // Every instance must verify the signatures the others make: a random per-process secret would not do.
  if (e.REDIS_URL && !e.PUSHER_APP_SECRET) problems.push('PUSHER_APP_SECRET: required with REDIS_URL (every instance signs with it)');
  if (e.PUSHER_HOST && !e.PUSHER_APP_SECRET) problems.push('PUSHER_APP_SECRET: required with PUSHER_HOST (the service signs with it)');
  if (problems.length > 0) throw new ConfigError(problems);
  const external = e.PUSHER_HOST
    ? {
        host: e.PUSHER_HOST,
        port: e.PUSHER_PORT,
        scheme: e.PUSHER_SCHEME ?? 'https',
        // Pusher Channels' API host differs from its socket host; pusher-js derives the latter from the cluster.
        wsHost: e.PUSHER_WS_HOST ?? (/\.pusher\.com$/.test(e.PUSHER_HOST) ? null : e.PUSHER_HOST),
        wsPort: e.PUSHER_WS_PORT ?? e.PUSHER_PORT ?? null,
      }
    : undefined;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(baseDir, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    admin: { email: e.ADMIN_EMAIL?.toLowerCase(), password: e.ADMIN_PASSWORD },
    smtpUrl: e.SMTP_URL,
    // Unset: this server on localhost, so links in logged mails work in development on any PORT.
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    remotes: { leads: e.REMOTE_LEADS_URL, documents: e.REMOTE_DOCUMENTS_URL, admin: e.REMOTE_ADMIN_URL },
    i18nEnabled: e.I18N_ENABLED,
    logLevel: e.LOG_LEVEL,
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    webDistRoot: e.WEB_DIST_ROOT ? path.resolve(baseDir, e.WEB_DIST_ROOT) : path.dirname(findPackageRoot()),
    trustProxy: e.TRUSTED_PROXIES && e.TRUSTED_PROXIES.length > 0 ? e.TRUSTED_PROXIES : e.TRUST_PROXY,
    loginRateLimit: {
      perIp: e.LOGIN_RATE_LIMIT_PER_IP,
      perEmailAndIp: e.LOGIN_RATE_LIMIT_PER_EMAIL_IP,
      slowdownAfter: e.LOGIN_SLOWDOWN_PER_EMAIL,
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
        ? [`${external.scheme === 'https' ? 'wss' : 'ws'}://${external.wsHost ?? `ws-${e.PUSHER_CLUSTER}.pusher.com`}${external.wsPort ? `:${external.wsPort}` : ''}`]
        : [],
    },
    realtime: {
      appId: e.PUSHER_APP_ID,
      key: e.PUSHER_APP_KEY,
      secret: e.PUSHER_APP_SECRET ?? randomBytes(24).toString('hex'),
      cluster: e.PUSHER_CLUSTER,
      external,
      redisUrl: e.REDIS_URL,
      clientEvents: e.REALTIME_CLIENT_EVENTS,
      maxConnectionsPerIp: e.REALTIME_MAX_CONNECTIONS_PER_IP,
      // §9: the client's activity timeout is 120 s and its pong timeout 30 s; the server uses the same.
      activityTimeoutSeconds: 120,
      pongTimeoutSeconds: 30,
    },
    files: {
      maxUploadBytes: Math.floor(e.MAX_UPLOAD_MB * 1024 * 1024),
      urlSecret: e.FILE_URL_SECRET,
      urlTtlMinutes: e.FILE_URL_TTL_MINUTES,
    },
    sentry:
      e.SENTRY_DSN || e.SENTRY_BROWSER_DSN
        ? {
            dsn: e.SENTRY_DSN,
            browserDsn: e.SENTRY_BROWSER_DSN ?? e.SENTRY_DSN,
            environment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV,
            release: e.SENTRY_RELEASE,
            tracesSampleRate: e.SENTRY_TRACES_SAMPLE_RATE,
            replaysSessionSampleRate: e.SENTRY_REPLAYS_SESSION_SAMPLE_RATE,
            replaysOnErrorSampleRate: e.SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE,
          }
        : undefined,
    jobs: {
      pollSeconds: 2,
      superviseSeconds: 5,
      retryDelaySeconds: 5,
    },
    leadImportParse: e.LEAD_IMPORT_PARSE,
    leadImportWrite: e.LEAD_IMPORT_WRITE,
    leadImportFiles: e.LEAD_IMPORT_FILES,
  };
}
