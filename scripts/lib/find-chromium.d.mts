/** Where we look, in order, after CHROMIUM_PATH. */
export declare const CHROMIUM_CANDIDATES: readonly string[];

/** The first existing executable among CHROMIUM_PATH and the usual install locations, or null. */
export declare function findChromium(env?: Record<string, string | undefined>): string | null;
