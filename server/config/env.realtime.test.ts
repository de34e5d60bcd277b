import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('realtime configuration', () => {
  it('defaults the allowed origins to the origin of PUBLIC_URL and has no Redis', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://wellspring.example.com/app/' });
    expect(config.realtime.allowedOrigins).toEqual(['https://wellspring.example.com']);
    expect(config.redisUrl).toBeUndefined();
  });

  it('without PUBLIC_URL accepts every loopback name of the default address, and only those', () => {
    // the app opened at http://127.0.0.1:3000 instead of localhost kept its socket refused.
    expect(loadConfig({}).realtime.allowedOrigins).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect(loadConfig({ PORT: '4416' }).realtime.allowedOrigins).toEqual([
      'http://localhost:4416',
      'http://127.0.0.1:4416',
      'http://[::1]:4416',
    ]);
    // A loopback PUBLIC_URL keeps its scheme and port for the aliases; a public one stays alone.
    expect(loadConfig({ PUBLIC_URL: 'https://127.0.0.1:8443' }).realtime.allowedOrigins).toEqual([
      'https://localhost:8443',
      'https://127.0.0.1:8443',
      'https://[::1]:8443',
    ]);
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.20:3000' }).realtime.allowedOrigins).toEqual([
      'http://192.168.1.20:3000',
    ]);
    // An explicit list is taken as it is.
    expect(loadConfig({ REALTIME_ALLOWED_ORIGINS: 'http://localhost:3000' }).realtime.allowedOrigins).toEqual(
      ['http://localhost:3000'],
    );
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

describe('ICE servers for calls', () => {
  it('has none by default (browsers on one network still connect directly)', () => {
    expect(loadConfig({}).rtc).toEqual({ stunUrls: [], turn: undefined });
  });

  it('reads STUN URLs and TURN with a shared secret or fixed credentials', () => {
    const withSecret = loadConfig({
      RTC_STUN_URLS: 'stun:stun.example.com:3478, stuns:stun.example.com:5349',
      RTC_TURN_URLS: 'turn:turn.example.com:3478?transport=udp,turns:turn.example.com:5349',
      RTC_TURN_SECRET: 'a-long-shared-secret-value',
    });
    expect(withSecret.rtc).toEqual({
      stunUrls: ['stun:stun.example.com:3478', 'stuns:stun.example.com:5349'],
      turn: {
        urls: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349'],
        auth: 'secret',
        secret: 'a-long-shared-secret-value',
        ttlSeconds: 43_200,
      },
    });
    const fixed = loadConfig({
      RTC_TURN_URLS: 'turn:turn.example.com',
      RTC_TURN_USERNAME: 'wellspring',
      RTC_TURN_CREDENTIAL: 'pass',
    });
    expect(fixed.rtc.turn).toEqual({
      urls: ['turn:turn.example.com'],
      auth: 'static',
      username: 'wellspring',
      credential: 'pass',
    });
  });

  it('names the key when a value is wrong or TURN lacks credentials', () => {
    expect(() => loadConfig({ RTC_STUN_URLS: 'https://stun.example.com' })).toThrow(/RTC_STUN_URLS/);
    expect(() => loadConfig({ RTC_TURN_URLS: 'stun:wrong.example.com' })).toThrow(/RTC_TURN_URLS/);
    expect(() => loadConfig({ RTC_TURN_URLS: 'turn:turn.example.com' })).toThrow(/RTC_TURN_USERNAME/);
    expect(() => loadConfig({ RTC_TURN_URLS: 'turn:t.example.com', RTC_TURN_SECRET: 'short' })).toThrow(
      /RTC_TURN_SECRET/,
    );
  });
});
