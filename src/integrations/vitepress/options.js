// The options of withRecallBox(), checked once when the VitePress config is loaded, so a typo
// fails `vitepress build` with its name instead of producing a site whose search is broken.
//
// Plain JavaScript (not TypeScript like the rest of src/): VitePress loads its config with Node,
// which cannot import .ts from node_modules, and this file runs inside that config.
import { resolveIntegrationOptions } from '../options.js';

export { PACK_SUBDIR, SITE_DIR } from '../site-pack.js';

/**
 * Every option and its default (docs/integrations/vitepress.md lists them); `widget` holds further
 * `<recall-box>` attributes, passed as they are (docs/widget.md).
 */
const DEFAULTS = {
  endpoint: '/search',
  widget: {},
  highlight: true,
  buildArgs: [],
  index: true,
  /** Write recall-box.config.json and wrangler.toml on the first build, when the project has neither (as `recall-box init --html docs/.vitepress/dist`). */
  init: true,
};

/**
 * @param {unknown} options
 * @returns {{ endpoint: string, widget: Record<string, string | number | boolean>, highlight: boolean, buildArgs: string[], index: boolean, init: boolean }}
 */
export function resolveOptions(options = {}) {
  return resolveIntegrationOptions(options, DEFAULTS, { who: 'withRecallBox', configName: 'the VitePress config' });
}
