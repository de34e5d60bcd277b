import type { Plugin } from 'vite';

/** The password checker's word lists as virtual modules, in parts of < 250 kB (see the .mjs). */
export declare function passwordDictionaries(): Plugin;
