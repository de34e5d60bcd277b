import { z } from 'zod';

/**
 * Zod 4 probes `new Function('')` when it builds its first object schema, to compile faster parsers.
 * Our content-security policy forbids eval, so the probe fails (and Zod falls back), but the browser
 * still reports a `script-src` violation on every page load. Jitless mode skips the probe.
 * vite.config.ts bundles this file into Zod's own chunk, so it runs before any other chunk builds a schema.
 */
z.config({ jitless: true });
