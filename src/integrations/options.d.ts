// Types of options.js (plain JavaScript, which frameworks load with Node): the options every
// framework integration takes; each integration's index.d.ts adds its own.

// A type, not an interface: Docusaurus's PluginOptions has an index signature, which an object
// type alias satisfies and an interface does not.
export type IntegrationOptions = {
  /** URL of the Worker's search route, resolved against the page. Default "/search" (the Worker serving the site). */
  endpoint?: string;
  /** More `<recall-box>` attributes (docs/widget.md), e.g. `{ placeholder: 'Search', limit: 8 }`; `true` sets a boolean one, `false` leaves one off. Not `endpoint` or `mode`. */
  widget?: Record<string, string | number | boolean>;
  /** Load the highlight script, which marks a result's words on the page it opens. Default true. */
  highlight?: boolean;
  /** Build the pack at the end of the framework's build. Default true. */
  index?: boolean;
  /** More `recall-box build` options, e.g. `['--heading-depth', '2']` (not --html, --out, --base-url, --config). Default []. */
  buildArgs?: string[];
  /** Write recall-box.config.json and wrangler.toml on a build of a project with neither, as `recall-box init --html <outDir>` does. Default true. */
  init?: boolean;
};

/** `options` over `defaults`, checked; throws a TypeError naming a wrong option. */
export declare function resolveIntegrationOptions<T extends Record<string, unknown>>(
  options: unknown,
  defaults: T,
  context: { who: string; configName: string; ignoredKeys?: readonly string[] },
): T;
