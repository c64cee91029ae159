// Types of recall-box/astro (index.js is plain JavaScript, which Astro loads with Node), for
// astro.config files under `// @ts-check` or in TypeScript. No import of Astro's or Starlight's
// types: recall-box does not depend on them, and the object below fits both hosts' types.

import type { IntegrationOptions } from '../options.js';

export interface RecallBoxOptions extends IntegrationOptions {
  /** Starlight: replace its search (components.Search) and turn Pagefind off. Default true. */
  replaceSearch?: boolean;
}

/** Both a Starlight plugin (`starlight({ plugins: [recallBox()] })`) and an Astro integration (`integrations: [recallBox()]`). */
export interface RecallBox {
  name: string;
  // `any`: each host passes its own context types, which recall-box does not import.
  hooks: Record<string, (...args: any[]) => any>;
}

declare function recallBox(options?: RecallBoxOptions): RecallBox;
export default recallBox;
export { recallBox };

export declare const DEFAULTS: Readonly<Required<RecallBoxOptions>>;
export declare const SITE_DIR: string;
export declare const PACK_SUBDIR: string;
export declare const SEARCH_COMPONENT: string;
