// The options of the Docusaurus plugin (`plugins: [['recall-box/docusaurus', { … }]]`), checked
// when Docusaurus loads the config, so a typo fails `docusaurus build` with the option's name
// instead of producing a site whose search is broken.
//
// Plain JavaScript (not TypeScript like the rest of src/): Docusaurus loads plugins with Node,
// which cannot import .ts from node_modules.
import { resolveIntegrationOptions } from '../options.js';

/** Every option and its default (docs/integrations/docusaurus.md lists them). */
export const DEFAULTS = Object.freeze({
  /** URL of the Worker's search route: same origin by default, the Worker serving the site. */
  endpoint: '/search',
  /** Further <recall-box> attributes (placeholder, limit, shortcut, no-recent, …); `true` sets a boolean one, `false` leaves it off. */
  widget: Object.freeze({}),
  /** Load the highlight script, which marks the searched words on the page a result opens. */
  highlight: true,
  /** Build the pack in postBuild. Off: the site shows the search, the pack is built elsewhere. */
  index: true,
  /** Write recall-box.config.json and wrangler.toml on the first build, when the site has neither (as `recall-box init --html build`). */
  init: true,
  /** Extra `recall-box build` options, e.g. ['--heading-depth', '2', '--no-vectors']. */
  buildArgs: Object.freeze([]),
});

/** Docusaurus adds `id` to every plugin's options (a plugin used twice needs one each). */
const DOCUSAURUS_KEYS = ['id'];

/**
 * @param {unknown} options
 * @returns {{ endpoint: string, widget: Record<string, string | number | boolean>, highlight: boolean, index: boolean, init: boolean, buildArgs: string[] }}
 */
export function resolveOptions(options = {}) {
  return resolveIntegrationOptions(options, DEFAULTS, { who: 'the plugin', configName: "Docusaurus's config", ignoredKeys: DOCUSAURUS_KEYS });
}
