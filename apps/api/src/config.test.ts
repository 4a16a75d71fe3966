import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demoData).toBe(true);
    expect(config.dataDir).toMatch(/data$/);
  });

  it('explains a bad PORT in one line', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual(['Invalid configuration: PORT must be a port number (got "abc")']);
    expect(problemsOf({ PORT: '70000' })).toEqual(['Invalid configuration: PORT must be between 0 and 65535 (got "70000")']);
  });

  it('gives one line per bad variable', () => {
    const problems = problemsOf({ PORT: 'x', DATABASE_URL: 'mysql://db', DEMO_DATA: 'maybe' });
    expect(problems).toHaveLength(3);
    expect(problems).toContain('Invalid configuration: DATABASE_URL must start with postgres: or postgresql: (got "mysql://db")');
    expect(problems).toContain('Invalid configuration: DEMO_DATA must be 1 or 0 (got "maybe")');
  });

  it('reads admin usernames and flags', () => {
    const config = loadConfig({ ADMIN_USERNAMES: 'alice, bob ,', DEMO_DATA: '0' });
    expect(config.adminUsernames).toEqual(['alice', 'bob']);
    expect(config.demoData).toBe(false);
  });

  it('reads PayPal: sandbox by default, each environment its host, PAYPAL_API_URL over both; unset means the stand-in', () => {
    expect(loadConfig({}).paypal).toBeUndefined();
    const sandbox = loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'WH-1' }).paypal;
    expect(sandbox).toEqual({ clientId: 'id', clientSecret: 'secret', environment: 'sandbox', apiUrl: 'https://api-m.sandbox.paypal.com', webhookId: 'WH-1' });
    expect(loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_ENV: 'live' }).paypal?.apiUrl).toBe('https://api-m.paypal.com');
    expect(loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_API_URL: 'http://127.0.0.1:9999/' }).paypal?.apiUrl).toBe('http://127.0.0.1:9999');
  });

  it('refuses half a PayPal configuration and an unknown PAYPAL_ENV', () => {
    expect(problemsOf({ PAYPAL_CLIENT_ID: 'id' })).toEqual(['Invalid configuration: PAYPAL_CLIENT_SECRET must be set together with PAYPAL_CLIENT_ID']);
    expect(problemsOf({ PAYPAL_CLIENT_SECRET: 'secret' })).toEqual(['Invalid configuration: PAYPAL_CLIENT_ID must be set together with PAYPAL_CLIENT_SECRET']);
    expect(problemsOf({ PAYPAL_ENV: 'production' })).toEqual(['Invalid configuration: PAYPAL_ENV must be sandbox or live (got "production")']);
  });

  it('reads DATABASE_REPLICA_URLS as a list, only beside DATABASE_URL', () => {
    expect(loadConfig({}).databaseReplicaUrls).toEqual([]);
    const primary = 'postgres://db-primary/keeb';
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URLS: 'postgres://r1/keeb, postgresql://r2/keeb,' }).databaseReplicaUrls).toEqual([
      'postgres://r1/keeb',
      'postgresql://r2/keeb',
    ]);
    expect(problemsOf({ DATABASE_REPLICA_URLS: 'postgres://r1/keeb' })).toEqual([
      'Invalid configuration: DATABASE_REPLICA_URLS needs DATABASE_URL (the primary the replicas follow) (got "postgres://r1/keeb")',
    ]);
    expect(problemsOf({ DATABASE_URL: primary, DATABASE_REPLICA_URLS: 'postgres://r1/keeb,mysql://r2' })).toEqual([
      'Invalid configuration: DATABASE_REPLICA_URLS must be comma-separated postgres: URLs (got "postgres://r1/keeb,mysql://r2")',
    ]);
  });
});
