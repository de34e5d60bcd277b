import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('realtime configuration', () => {
  it('defaults the allowed origins to the origin of PUBLIC_URL and has no Redis', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://wellspring.example.com/app/' });
    expect(config.realtime.allowedOrigins).toEqual(['https://wellspring.example.com']);
    expect(config.redisUrl).toBeUndefined();
  });

  it('reads a comma-separated origin list and REDIS_URL', () => {
    const config = loadConfig({
      REALTIME_ALLOWED_ORIGINS: ' https://a.example , http://localhost:5173/ ',
      REDIS_URL: 'redis://cache.internal:6379',
    });
    expect(config.realtime.allowedOrigins).toEqual(['https://a.example', 'http://localhost:5173']);
    expect(config.redisUrl).toBe('redis://cache.internal:6379');
  });

  it('names the key when a value is wrong', () => {
    expect(() => loadConfig({ REALTIME_ALLOWED_ORIGINS: 'https://ok.example,not an origin' })).toThrow(
      /REALTIME_ALLOWED_ORIGINS: .*not an origin/,
    );
    expect(() => loadConfig({ REALTIME_ALLOWED_ORIGINS: 'ftp://files.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ REDIS_URL: 'http://cache.internal' })).toThrow(/REDIS_URL/);
  });
});
