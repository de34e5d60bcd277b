import compress from '@zxcvbn-ts/dictionary-compression/compress';
import decompress from '@zxcvbn-ts/dictionary-compression/decompress';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * The password checker's word lists for the browser, in parts (docs/decisions/012-password-dictionaries-in-parts.md).
 *
 * zxcvbn's dictionaries are ~1.6 MB of code, and the biggest single list (English surnames) is
 * ~470 kB: one module, so one chunk however the build splits. This plugin serves the very lists the
 * server uses (`PASSWORD_CHECKER_OPTIONS.dictionary` in domain/auth/password-strength.ts, in the same
 * order: use-password-assessment.test.ts checks they are equal) as virtual modules:
 *
 * - `virtual:password-checker-options`: `loadPasswordCheckerOptions()` imports every part at once
 *   (in parallel) and joins them back into the same lists, plus the keyboard graphs and translations;
 * - `virtual:password-dictionary-<n>`: one part, each list slice in zxcvbn-ts's own compressed form,
 *   at most PART_TARGET_CHARS of code, so no chunk is over the 250 kB the build allows (issue #16).
 *
 * Joining the slices in order gives identical arrays, hence identical ranks and the same verdict as
 * the server; the build checks the round trip and fails if a part comes back different.
 */

const OPTIONS_ID = 'virtual:password-checker-options';
const PART_PREFIX = 'virtual:password-dictionary-';
// Below the 250 kB chunk bound with room for the import line and the wrapper.
const PART_TARGET_CHARS = 200_000;

/** @typedef {{ name: string, encoded: string }} Slice */

/** The lists, in order: as `PASSWORD_CHECKER_OPTIONS.dictionary` (domain/auth/password-strength.ts). */
const DICTIONARY = { ...common.dictionary, ...english.dictionary };

/** @param {string[]} words */
function encode(words) {
  const encoded = compress(words);
  if (typeof encoded !== 'string' || !sameWords(decompress(encoded), words))
    throw new Error('password-dictionaries: a word list does not survive compression unchanged');
  return encoded;
}

/** @param {string[]} a @param {string[]} b */
function sameWords(a, b) {
  return a.length === b.length && a.every((word, index) => word === b[index]);
}

/**
 * Each list cut into slices of at most PART_TARGET_CHARS once encoded, in order.
 * @param {string} name @param {string[]} words @returns {Slice[]}
 */
function slicesOf(name, words) {
  for (let count = 1; ; count++) {
    const size = Math.ceil(words.length / count);
    const slices = Array.from({ length: count }, (_, index) => ({
      name,
      encoded: encode(words.slice(index * size, (index + 1) * size)),
    }));
    if (slices.every((slice) => slice.encoded.length <= PART_TARGET_CHARS)) return slices;
  }
}

/**
 * Slices packed in order into parts of at most PART_TARGET_CHARS (the small lists share one).
 * @returns {Slice[][]}
 */
function buildParts() {
  /** @type {Slice[][]} */
  const parts = [];
  /** @type {Slice[]} */
  let current = [];
  let size = 0;
  for (const [name, words] of Object.entries(DICTIONARY)) {
    for (const slice of slicesOf(name, words.map(String))) {
      if (size + slice.encoded.length > PART_TARGET_CHARS && current.length > 0) {
        parts.push(current);
        current = [];
        size = 0;
      }
      current.push(slice);
      size += slice.encoded.length;
    }
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

/** @returns {import('vite').Plugin} */
export function passwordDictionaries() {
  /** @type {Slice[][] | undefined} */
  let parts;
  const partsNow = () => (parts ??= buildParts());
  return {
    name: 'wellspring:password-dictionaries',
    resolveId(id) {
      if (id === OPTIONS_ID || id.startsWith(PART_PREFIX)) return `\0${id}`;
      return undefined;
    },
    load(id) {
      if (id === `\0${OPTIONS_ID}`) {
        const names = Object.keys(DICTIONARY);
        const imports = partsNow().map((_, index) => `import(${JSON.stringify(PART_PREFIX + index)})`);
        return [
          `import { adjacencyGraphs } from '@zxcvbn-ts/language-common';`,
          `import { translations } from '@zxcvbn-ts/language-en';`,
          `const NAMES = ${JSON.stringify(names)};`,
          `export async function loadPasswordCheckerOptions() {`,
          `  const parts = await Promise.all([${imports.join(', ')}]);`,
          `  const dictionary = Object.fromEntries(NAMES.map((name) => [name, []]));`,
          `  for (const part of parts) for (const [name, words] of part.slices) dictionary[name] = dictionary[name].concat(words);`,
          `  return { dictionary, graphs: adjacencyGraphs, translations };`,
          `}`,
        ].join('\n');
      }
      if (id.startsWith(`\0${PART_PREFIX}`)) {
        const part = partsNow()[Number(id.slice(PART_PREFIX.length + 1))];
        if (!part) throw new Error(`password-dictionaries: no part ${id}`);
        const slices = part.map(
          (slice) => `[${JSON.stringify(slice.name)}, decompress(${JSON.stringify(slice.encoded)})]`,
        );
        return [
          `import decompress from '@zxcvbn-ts/dictionary-compression/decompress';`,
          `export const slices = [${slices.join(', ')}];`,
        ].join('\n');
      }
      return undefined;
    },
  };
}
