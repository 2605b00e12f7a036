import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('needs no settings', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe('./data');
  });

  it('names a wrong variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ STAFF_EMAIL: 'boss@bank.test' })).toThrow(/STAFF_PASSWORD/);
  });

  it('believes X-Forwarded-For only as far as the proxies it is told of', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    for (const refused of ['true', '0', '11', 'proxy.local', '1.2.3.4/8;rm']) expect(() => loadConfig({ TRUST_PROXY: refused }), refused).toThrow(/TRUST_PROXY/);
  });

  it('reaches the clearing house CLEARING_URL names only with the key it shares, and embeds one without it', () => {
    expect(loadConfig({})).toMatchObject({ clearingUrl: undefined, clearingKey: undefined });
    expect(() => loadConfig({ CLEARING_URL: 'http://127.0.0.1:3100' })).toThrow(/CLEARING_KEY/);
    expect(() => loadConfig({ CLEARING_URL: 'ftp://switch', CLEARING_KEY: 'k'.repeat(32) })).toThrow(/CLEARING_URL/);
    expect(() => loadConfig({ CLEARING_URL: 'http://127.0.0.1:3100', CLEARING_KEY: 'short' })).toThrow(/CLEARING_KEY/);
    expect(loadConfig({ CLEARING_URL: 'https://switch.example/', CLEARING_KEY: 'k'.repeat(32) })).toMatchObject({ clearingUrl: 'https://switch.example', clearingKey: 'k'.repeat(32) });
  });

  it('refuses unsafe production settings', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/bank' };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/BETTER_AUTH_SECRET/);
    expect(() => loadConfig({ ...production, BETTER_AUTH_SECRET: 'x'.repeat(40), PUBLIC_URL: 'http://bank.example' })).toThrow(/PUBLIC_URL/);
    const safe = loadConfig({ ...production, BETTER_AUTH_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://bank.example' });
    expect(safe.publicUrl).toBe('https://bank.example');
  });
});
