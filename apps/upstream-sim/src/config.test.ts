import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

describe('parseConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 8090,
      seed: '42',
      referrals: 2000,
      referralsPerMinute: 6,
      tickMs: 1000,
      basicUser: 'opportunity-console',
      controls: false,
      publicOrigin: 'http://localhost:8090',
      realm: 'referrals',
      clientId: 'referral-console',
      consoleOrigins: ['http://localhost:8080', 'http://localhost:5173'],
      accessTokenTtlSeconds: 300,
      refreshTokenTtlSeconds: 1800,
      logLevel: 'info',
    });
  });

  it('derives the public origin from the port', () => {
    expect(parseConfig({ SIM_PORT: '18090' }).publicOrigin).toBe('http://localhost:18090');
  });

  it('reads every variable', () => {
    const config = parseConfig({
      SIM_SEED: 'abc',
      SIM_REFERRALS: '1000000',
      SIM_REFERRALS_PER_MINUTE: '0.5',
      SIM_CONTROLS: 'true',
      SIM_BASIC_USER: 'svc',
      SIM_CONSOLE_ORIGINS: 'https://a.example.com, https://b.example.com/',
      LOG_LEVEL: 'DEBUG',
    });
    expect(config).toMatchObject({
      seed: 'abc',
      referrals: 1_000_000,
      referralsPerMinute: 0.5,
      controls: true,
      basicUser: 'svc',
      consoleOrigins: ['https://a.example.com', 'https://b.example.com'],
      logLevel: 'debug',
    });
  });

  it('lists every problem at once', () => {
    try {
      parseConfig({
        SIM_PORT: 'eighty',
        SIM_REFERRALS: '1000001',
        SIM_TICK_MS: '1',
        SIM_CONTROLS: 'maybe',
        SIM_PUBLIC_ORIGIN: 'ftp://x',
        LOG_LEVEL: 'loud',
        SIM_ACCESS_TOKEN_TTL_S: '600',
        SIM_REFRESH_TOKEN_TTL_S: '300',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of [
        'SIM_PORT',
        'SIM_REFERRALS',
        'SIM_TICK_MS',
        'SIM_CONTROLS',
        'SIM_PUBLIC_ORIGIN',
        'LOG_LEVEL',
        'SIM_REFRESH_TOKEN_TTL_S',
      ]) {
        expect(problems).toContain(name);
      }
    }
  });
});
