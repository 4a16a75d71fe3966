import path from 'node:path';
import { z } from 'zod';
import { KARMA } from '@keeb/shared';

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: 'must be 1 or 0' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['1', 'true', 'yes'].includes(v)));

const url = (protocols: string[]) =>
  z
    .url({ error: 'must be a URL' })
    .refine((v) => protocols.some((p) => v.startsWith(`${p}:`)), { error: `must start with ${protocols.join(': or ')}:` })
    .optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a whole port number' })
    .min(0, { error: 'must be between 0 and 65535' })
    .max(65535, { error: 'must be between 0 and 65535' })
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: url(['http', 'https']),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres', 'postgresql']),
  // Streaming replicas of DATABASE_URL for lag-tolerant public reads (db/replicas.ts, platform/read-routing.ts).
  DATABASE_REPLICA_URLS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.url({ error: 'must be comma-separated postgres: URLs' }).refine((v) => /^postgres(ql)?:/.test(v), { error: 'must be comma-separated postgres: URLs' }))),
  REDIS_URL: url(['redis', 'rediss']),
  SESSION_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  TRUST_PROXY: z.string().default('loopback'),
  // On SIGTERM, how long the health check fails while requests are still served, so a load balancer stops sending
  // any before the process stops taking them (deploy/haproxy.cfg needs about 1.5 s: 3000 there). 0: no balancer.
  SHUTDOWN_DRAIN_MS: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(0, { error: 'must be between 0 and 60000' }).max(60_000, { error: 'must be between 0 and 60000' }).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino level' }).default('info'),
  LOG_PRETTY: flag(Boolean(process.stdout.isTTY)),
  DEMO_DATA: flag(true),
  ADMIN_USERNAMES: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
  SMTP_URL: url(['smtp', 'smtps']),
  MAIL_FROM: z.string().default('KeebMarket <no-reply@keebmarket.local>'),
  // How long signed-out visitors' first list pages are kept in memory (modules/discovery/first-pages.ts); 0 turns it off.
  FIRST_PAGE_CACHE_MS: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(0).max(60_000).default(1000),
  // How long a seller's trust figures are kept for the item page's seller block (modules/items/trust-cache.ts); 0 reads them every time.
  TRUST_CACHE_MS: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(0).max(600_000).default(60_000),
  BODY_LIMIT: z.string().regex(/^\d+(b|kb|mb)$/i, { error: 'must look like 100kb or 1mb' }).default('100kb'),
  TEAM_EMAIL: z.email({ error: 'must be an email address' }).default('team@keebmarket.local'),
  SIGNUP_MODE: z.enum(['open', 'approved'], { error: 'must be open or approved' }).default('open'),
  PHONE_VERIFICATION: z.enum(['off', 'signup', 'listing', 'both'], { error: 'must be off, signup, listing or both' }).default('listing'),
  LISTINGS_PER_DAY: z.coerce.number({ error: 'must be a number' }).int().min(1, { error: 'must be at least 1' }).default(10),
  REFERRAL_KARMA: z.coerce.number({ error: 'must be a number' }).int().min(0).default(KARMA.referralDefault),
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_VERIFY_URL: url(['http', 'https']),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: url(['http', 'https']),
  GOOGLE_ISSUER: z.string().optional(),
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  FACEBOOK_AUTH_URL: url(['http', 'https']),
  FACEBOOK_TOKEN_URL: url(['http', 'https']),
  FACEBOOK_PROFILE_URL: url(['http', 'https']),
  REDDIT_CLIENT_ID: z.string().optional(),
  REDDIT_CLIENT_SECRET: z.string().optional(),
  REDDIT_AUTH_URL: url(['http', 'https']),
  REDDIT_TOKEN_URL: url(['http', 'https']),
  REDDIT_API_URL: url(['http', 'https']),
  REDDIT_TRADE_SUBREDDIT: z.string().default('mechmarket'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_URL: url(['http', 'https']),
  // Listing-photo uploads one account may make per 24 hours (spec 9 leaves the count open).
  PHOTO_UPLOADS_PER_DAY: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }).default(100),
  IMGUR_CLIENT_ID: z.string().optional(),
  IMGUR_API_URL: url(['http', 'https']),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_ENV: z.enum(['sandbox', 'live'], { error: 'must be sandbox or live' }).default('sandbox'),
  PAYPAL_API_URL: url(['http', 'https']),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  // Uploads in an S3-compatible bucket (adapters/storage/s3.ts); unset S3_BUCKET keeps them on local disk.
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: url(['http', 'https']),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // Default: on when S3_ENDPOINT is set (most self-hosted stores have no per-bucket host names), off for AWS.
  S3_FORCE_PATH_STYLE: z.enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: 'must be 1 or 0' }).optional(),
  S3_PUBLIC_URL: url(['http', 'https']),
}).superRefine((env, ctx) => {
  // Replicas without a primary server would be read while PGlite takes the writes: two databases that never meet.
  if (env.DATABASE_REPLICA_URLS.length > 0 && !env.DATABASE_URL) {
    ctx.addIssue({ code: 'custom', path: ['DATABASE_REPLICA_URLS'], message: 'needs DATABASE_URL (the primary the replicas follow)' });
  }
  // Half a key pair would silently fall back to the SDK's default credentials.
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    ctx.addIssue({ code: 'custom', path: [missing], message: `must be set together with ${missing === 'S3_ACCESS_KEY_ID' ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}` });
  }
  // Half a PayPal configuration must not fall back to the local stand-in, whose payments move no money.
  if (Boolean(env.PAYPAL_CLIENT_ID) !== Boolean(env.PAYPAL_CLIENT_SECRET)) {
    const missing = env.PAYPAL_CLIENT_ID ? 'PAYPAL_CLIENT_SECRET' : 'PAYPAL_CLIENT_ID';
    ctx.addIssue({ code: 'custom', path: [missing], message: `must be set together with ${missing === 'PAYPAL_CLIENT_ID' ? 'PAYPAL_CLIENT_SECRET' : 'PAYPAL_CLIENT_ID'}` });
  }
});

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof EnvSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    outboxDir: path.join(dataDir, 'outbox'),
    databaseUrl: env.DATABASE_URL,
    databaseReplicaUrls: env.DATABASE_REPLICA_URLS,
    redisUrl: env.REDIS_URL,
    sessionSecret: env.SESSION_SECRET,
    trustProxy: env.TRUST_PROXY,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    logLevel: env.LOG_LEVEL,
    logPretty: env.LOG_PRETTY,
    demoData: env.DEMO_DATA,
    adminUsernames: env.ADMIN_USERNAMES,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    bodyLimit: env.BODY_LIMIT,
    firstPageCacheMs: env.FIRST_PAGE_CACHE_MS,
    trustCacheMs: env.TRUST_CACHE_MS,
    /** Where links in mail point: PUBLIC_URL, else this machine. */
    appUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    teamEmail: env.TEAM_EMAIL,
    signupMode: env.SIGNUP_MODE,
    phoneVerification: env.PHONE_VERIFICATION,
    referralKarma: env.REFERRAL_KARMA,
    listingsPerDay: env.LISTINGS_PER_DAY,
    recaptcha: env.RECAPTCHA_SECRET
      ? {
          secret: env.RECAPTCHA_SECRET,
          siteKey: env.RECAPTCHA_SITE_KEY ?? '',
          verifyUrl: env.RECAPTCHA_VERIFY_URL ?? 'https://www.google.com/recaptcha/api/siteverify',
        }
      : undefined,
    google: env.GOOGLE_CLIENT_ID
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          jwksUrl: env.GOOGLE_JWKS_URL ?? 'https://www.googleapis.com/oauth2/v3/certs',
          issuers: env.GOOGLE_ISSUER ? [env.GOOGLE_ISSUER] : ['https://accounts.google.com', 'accounts.google.com'],
        }
      : undefined,
    facebook:
      env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET
        ? {
            appId: env.FACEBOOK_APP_ID,
            appSecret: env.FACEBOOK_APP_SECRET,
            authUrl: env.FACEBOOK_AUTH_URL ?? 'https://www.facebook.com/v19.0/dialog/oauth',
            tokenUrl: env.FACEBOOK_TOKEN_URL ?? 'https://graph.facebook.com/v19.0/oauth/access_token',
            profileUrl: env.FACEBOOK_PROFILE_URL ?? 'https://graph.facebook.com/v19.0/me',
          }
        : undefined,
    reddit:
      env.REDDIT_CLIENT_ID && env.REDDIT_CLIENT_SECRET
        ? {
            clientId: env.REDDIT_CLIENT_ID,
            clientSecret: env.REDDIT_CLIENT_SECRET,
            authUrl: env.REDDIT_AUTH_URL ?? 'https://www.reddit.com/api/v1/authorize',
            tokenUrl: env.REDDIT_TOKEN_URL ?? 'https://www.reddit.com/api/v1/access_token',
            apiUrl: env.REDDIT_API_URL ?? 'https://oauth.reddit.com',
            tradeSubreddit: env.REDDIT_TRADE_SUBREDDIT,
          }
        : undefined,
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? {
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
            apiUrl: env.TWILIO_API_URL ?? 'https://api.twilio.com',
          }
        : undefined,
    photoUploadsPerDay: env.PHOTO_UPLOADS_PER_DAY,
    imgur: env.IMGUR_CLIENT_ID ? { clientId: env.IMGUR_CLIENT_ID, apiUrl: env.IMGUR_API_URL ?? 'https://api.imgur.com' } : undefined,
    /** Unset: payments go through the local stand-in (adapters/payment/local.ts). */
    paypal:
      env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
        ? {
            clientId: env.PAYPAL_CLIENT_ID,
            clientSecret: env.PAYPAL_CLIENT_SECRET,
            environment: env.PAYPAL_ENV,
            apiUrl: (env.PAYPAL_API_URL ?? (env.PAYPAL_ENV === 'live' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com')).replace(/\/+$/, ''),
            webhookId: env.PAYPAL_WEBHOOK_ID,
          }
        : undefined,
    /** Unset: uploads stay on local disk (uploadsDir). */
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === undefined ? Boolean(env.S3_ENDPOINT) : ['1', 'true', 'yes'].includes(env.S3_FORCE_PATH_STYLE),
          publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, ''),
        }
      : undefined,
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/** Parses the environment. Throws a ConfigError holding one line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const value = env[name];
      return `Invalid configuration: ${name} ${issue.message}${value === undefined ? '' : ` (got "${value}")`}`;
    });
    throw new ConfigError(problems);
  }
  return toConfig(parsed.data);
}
