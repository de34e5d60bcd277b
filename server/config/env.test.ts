import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { ConfigError, isLoopbackHost, loadConfig } from './env';

describe('loadConfig', () => {
  it('applies defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemoData).toBe(true);
    expect(config.trustProxy).toBe(false);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('does not seed demo data on an external database unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });

  it('parses trusted proxies', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('names every bad key at once', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', TRUST_PROXY: 'everyone' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    for (const key of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'TRUST_PROXY']) expect(problems).toContain(key);
    expect((caught as ConfigError).problems).toHaveLength(4);
  });

  it('listens on loopback only while the demo mailbox is on, unless HOST says otherwise', () => {
    const demo = loadConfig({});
    expect(demo.mailboxEnabled).toBe(true);
    expect(demo.host).toBe('127.0.0.1');
    expect(demo.mailboxOnNetwork).toBe(false);

    const optedIn = loadConfig({ HOST: '0.0.0.0' });
    expect(optedIn.host).toBe('0.0.0.0');
    expect(optedIn.mailboxOnNetwork).toBe(true);
    expect(loadConfig({ HOST: '127.0.0.1' }).mailboxOnNetwork).toBe(false);

    const withSmtp = loadConfig({ SMTP_URL: 'smtp://mail.example.test' });
    expect(withSmtp.mailboxEnabled).toBe(false);
    expect(withSmtp.host).toBe('0.0.0.0');
    expect(withSmtp.mailboxOnNetwork).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).host).toBe('0.0.0.0');
  });

  it('knows loopback interfaces', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.5', '192.168.1.2', 'example.test', '::ffff:10.0.0.1'])
      expect(isLoopbackHost(host)).toBe(false);
  });

  it('is in demo mode only on the seeded embedded database', () => {
    expect(loadConfig({}).demoMode).toBe(true);
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).demoMode).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).demoMode).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO_DATA: 'true' }).demoMode).toBe(false);
  });

  it('keeps uploads under DATA_DIR unless UPLOADS_DIR is set', () => {
    const storage = (env: Record<string, string>) => loadConfig(env).uploads.storage;
    expect(storage({ DATA_DIR: '/srv/wellspring' })).toEqual({
      driver: 'local',
      dir: path.join('/srv/wellspring', 'uploads'),
    });
    expect(storage({})).toEqual({ driver: 'local', dir: path.resolve('data', 'uploads') });
    expect(storage({ DATA_DIR: '/srv/wellspring', UPLOADS_DIR: '/mnt/pictures' })).toEqual({
      driver: 'local',
      dir: '/mnt/pictures',
    });
  });
});
