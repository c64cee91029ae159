// Types of recall-box/docusaurus (index.js is plain JavaScript, which Docusaurus loads with Node),
// for a docusaurus.config under `// @ts-check` or in TypeScript: give the options object the JSDoc
// type `RecallBoxOptions` of this module (docs/integrations/docusaurus.md shows the line).
//
// No import of Docusaurus's types: recall-box does not depend on them, and the plugin object below
// fits them.

// A type, not an interface: Docusaurus's PluginOptions has an index signature, which an object
// type alias satisfies and an interface does not.
export type RecallBoxOptions = {
  /** URL of the Worker's search route. Default "/search" (the Worker serving the site). */
  endpoint?: string;
  /** More <recall-box> attributes; `true` sets a boolean one, `false` leaves one off. Not `endpoint` or `mode`. */
  widget?: Record<string, string | number | boolean>;
  /** Load the highlight script, which marks a result's words on the page it opens. Default true. */
  highlight?: boolean;
  /** Build the pack in postBuild, at the end of `docusaurus build`. Default true. */
  index?: boolean;
  /** Write recall-box.config.json and wrangler.toml on a build of a site with neither. Default true. */
  init?: boolean;
  /** More `recall-box build` options (not --html, --out, --base-url, --config). Default []. */
  buildArgs?: string[];
};

/** The plugin instance: its name and the lifecycle methods Docusaurus calls. */
export interface RecallBoxPlugin {
  name: 'recall-box';
  // `any`: Docusaurus passes its own context types, which recall-box does not import.
  [method: string]: any;
}

declare function recallBoxPlugin(context: { siteDir: string; baseUrl: string }, options?: RecallBoxOptions): RecallBoxPlugin;
export default recallBoxPlugin;

/** Checks the options as Docusaurus asks a plugin to (a wrong one throws with its name) and gives the instance its id. */
export declare function validateOptions(args: { options?: RecallBoxOptions & { id?: string } }): RecallBoxOptions & { id: string };
export declare function resolveOptions(options?: RecallBoxOptions): Required<RecallBoxOptions>;
export declare const DEFAULTS: Readonly<Required<RecallBoxOptions>>;
/** The plugin's name, the key of its global data (usePluginData('recall-box')). */
export declare const NAME: 'recall-box';
