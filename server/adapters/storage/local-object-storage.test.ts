import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalObjectStorage } from './local-object-storage';

describe('local object storage', () => {
  let workDir: string;
  let root: string;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'wellspring-storage-'));
    root = path.join(workDir, 'root');
    await writeFile(path.join(workDir, 'outside.webp'), 'outside');
  });
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  it('stores, reads, sums and deletes under the root', async () => {
    const storage = createLocalObjectStorage(root);
    await storage.put('user-1/avatar/abc.webp', Buffer.from('12345'), 'image/webp');
    await storage.put('user-1/cover/def.png', Buffer.from('123'), 'image/png');
    await storage.put('user-2/avatar/abc.webp', Buffer.from('1'), 'image/webp');
    expect(await storage.get('user-1/cover/def.png')).toEqual({
      bytes: Buffer.from('123'),
      contentType: 'image/png',
    });
    expect(await storage.usage('user-1/')).toBe(8);
    expect(await storage.usage('nobody/')).toBe(0);
    expect(await storage.delete('user-1/avatar/abc.webp')).toBe(true);
    expect(await storage.delete('user-1/avatar/abc.webp')).toBe(false);
    expect(await storage.get('user-1/avatar/abc.webp')).toBeNull();
    expect(await storage.usage('user-1/')).toBe(3);
  });

  it('refuses keys that could leave the root, and writes nothing for them', async () => {
    const storage = createLocalObjectStorage(root);
    const bad = [
      '../outside.webp',
      'user-1/avatar/../../../outside.webp',
      '/etc/passwd',
      'user-1\\avatar\\x.webp',
      'user-1/avatar/x.webp\0.png',
      'User-1/avatar/x.webp',
      `${'a'.repeat(300)}/avatar/x.webp`,
      'user-1/avatar/x.svg',
      'user-1/avatar/x.webp/',
      '',
    ];
    for (const key of bad) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(
        'invalid storage key',
      );
      await expect(storage.get(key), key).rejects.toThrow('invalid storage key');
      await expect(storage.delete(key), key).rejects.toThrow('invalid storage key');
    }
    await expect(storage.usage('../')).rejects.toThrow('invalid storage prefix');
    expect((await readdir(workDir)).sort()).toEqual(['outside.webp', 'root']);
  });
});
