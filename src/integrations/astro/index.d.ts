// Types of recall-box/astro (index.js is plain JavaScript, which Astro loads with Node), for
// astro.config files under `// @ts-check` or in TypeScript. No import of Astro's or Starlight's
// types: recall-box does not depend on them, and the object below fits both hosts' types.

export interface RecallBoxOptions {
  /** URL of the Worker's search route. Default "/search" (the Worker serving the site). */
  endpoint?: string;
  /** More <recall-box> attributes; `true` sets a boolean one, `false` leaves one off. Not `endpoint` or `mode`. */
  widget?: Record<string, string | number | boolean>;
  /** Load the highlight script, which marks a result's words on the page it opens. Default true. */
  highlight?: boolean;
  /** Build the pack at the end of `astro build`. Default true. */
  index?: boolean;
  /** Write recall-box.config.json and wrangler.toml on a build of a project with neither. Default true. */
  init?: boolean;
  /** More `recall-box build` options (not --html, --out, --base-url, --config). Default []. */
  buildArgs?: string[];
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
