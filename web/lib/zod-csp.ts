import { z } from 'zod';

/**
 * Zod 4 probes `new Function('')` when it builds its first object schema, to compile faster parsers.
 * Our content-security policy forbids eval, so the probe fails (and Zod falls back), but the browser
 * still reports a `script-src` violation on every page load. Jitless mode skips the probe.
 * Imported first by main.tsx, before any module defines a schema.
 */
z.config({ jitless: true });
