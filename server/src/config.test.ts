import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'overlap-config-'));

describe('configuration', () => {
  it('applies defaults for an empty environment', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.PORT).toBe(3000);
    expect(config.ROLE).toBe('all');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.SEED_ADMIN_EMAIL).toBe('admin@overlap.local');
  });

  it('points every provider at its public host unless told otherwise', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), GITLAB_URL: 'http://10.0.0.5:8080/', GITHUB_CLIENT_ID: ' ' });
    expect(config.GITHUB_API_URL).toBe('https://api.github.com');
    expect(config.GITHUB_OAUTH_URL).toBe('https://github.com/login/oauth');
    expect(config.GITLAB_URL).toBe('http://10.0.0.5:8080');
    expect(config.GITHUB_CLIENT_ID).toBeUndefined();
    expect(config.GOOGLE_AUTH_URL).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(config.GOOGLE_TOKEN_URL).toBe('https://oauth2.googleapis.com/token');
    expect(config.GOOGLE_DRIVE_ACTIVITY_URL).toBe('https://driveactivity.googleapis.com');
    expect(config.GOOGLE_ADMIN_URL).toBe('https://admin.googleapis.com');
  });

  it('treats blank optional values as unset', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), SMTP_URL: '', DATABASE_URL: '  ' });
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['ROLE', 'scheduler'],
    ['DATABASE_URL', 'not a url'],
    ['PUBLIC_URL', 'localhost'],
    ['APP_SECRET', 'short'],
    ['SEED_ADMIN_EMAIL', 'nobody'],
    ['GITHUB_API_URL', 'api.github.com'],
    ['GOOGLE_DRIVE_ACTIVITY_URL', 'nope'],
  ])('refuses a bad %s and names it', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), [name]: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(`${name}:`);
  });

  it('generates APP_SECRET once and keeps it in the data directory', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.appSecret).toBe(first.appSecret);
    expect(readFileSync(join(dir, 'app-secret'), 'utf8').trim()).toBe(first.appSecret);
  });

  it('needs the webhook secret with a Stripe key', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      'STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set',
    );
    const config = loadConfig({
      DATA_DIR: dataDir(),
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(config.STRIPE_WEBHOOK_SECRET).toBe('whsec_1');
  });

  it('uses PUBLIC_URL without a trailing slash', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://overlap.example.com/' }).publicUrl).toBe(
      'https://overlap.example.com',
    );
  });
});
