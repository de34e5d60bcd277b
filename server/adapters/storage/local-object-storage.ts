import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertValidKey, assertValidPrefix, contentTypeForKey, type ObjectStorage } from './object-storage';

const isMissing = (error: unknown) =>
  (error as { code?: unknown } | undefined)?.code === 'ENOENT' ||
  (error as { code?: unknown } | undefined)?.code === 'ENOTDIR';

/** Files on the local disk under `root`; every resolved path is checked to stay inside it. */
export function createLocalObjectStorage(rootDir: string): ObjectStorage {
  const root = path.resolve(rootDir);

  function pathFor(key: string) {
    assertValidKey(key);
    const resolved = path.resolve(root, ...key.split('/'));
    if (!resolved.startsWith(root + path.sep)) throw new Error('storage key escapes the root');
    return resolved;
  }

  return {
    async put(key, bytes) {
      const target = pathFor(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written beside the target and renamed, so a reader never sees half a file.
      const temporary = `${target}.${randomUUID()}.tmp`;
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, target);
    },
    async get(key) {
      try {
        return { bytes: await readFile(pathFor(key)), contentType: contentTypeForKey(key) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const target = pathFor(key);
      try {
        await stat(target);
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
      await rm(target, { force: true });
      return true;
    },
    async usage(prefix) {
      assertValidPrefix(prefix);
      const directory = path.resolve(root, prefix);
      if (!directory.startsWith(root + path.sep)) throw new Error('storage prefix escapes the root');
      let total = 0;
      const walk = async (dir: string) => {
        let entries;
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch (error) {
          if (isMissing(error)) return;
          throw error;
        }
        for (const entry of entries) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) await walk(full);
          else if (entry.isFile()) total += (await stat(full)).size;
        }
      };
      await walk(directory);
      return total;
    },
  };
}
