// The options of recallBox(), checked once when astro.config is loaded, so a typo fails the build
// with the option's name instead of producing a site whose search is broken.
//
// Plain JavaScript (not TypeScript like the rest of src/): Astro loads its config and the
// integrations it names with Node, which cannot import .ts from node_modules.
import { resolveIntegrationOptions } from '../options.js';

export { PACK_SUBDIR, SITE_DIR } from '../site-pack.js';

/** Every option and its default (docs/integrations/astro.md lists them). */
export const DEFAULTS = Object.freeze({
  /** URL of the Worker's search route: same origin by default, the Worker serving the site. */
  endpoint: '/search',
  /** Further <recall-box> attributes (placeholder, limit, shortcut, no-recent, …); `true` sets a boolean one. */
  widget: Object.freeze({}),
  /** Load the highlight script, which marks the searched words on the page a result opens. */
  highlight: true,
  /** Build the pack at the end of `astro build`. Off: the site links the search, the pack is built elsewhere. */
  index: true,
  /** Extra `recall-box build` options, e.g. ['--heading-depth', '2', '--no-vectors']. */
  buildArgs: Object.freeze([]),
  /** Write recall-box.config.json and wrangler.toml on the first build, when the project has neither (as `recall-box init --html dist`). */
  init: true,
  /** In Starlight: put recall-box in place of Starlight's search (components.Search) and turn Pagefind off. */
  replaceSearch: true,
});

/**
 * @param {unknown} options
 * @returns {{ endpoint: string, widget: Record<string, string | number | boolean>, highlight: boolean, index: boolean, init: boolean, buildArgs: string[], replaceSearch: boolean }}
 */
export function resolveOptions(options = {}) {
  return resolveIntegrationOptions(options, DEFAULTS, { who: 'recallBox()', configName: "Astro's config" });
}
