// recall-box for Docusaurus: one line in docusaurus.config,
//
//   plugins: ['recall-box/docusaurus']            or   plugins: [['recall-box/docusaurus', { /* options */ }]]
//
// The plugin indexes the built site at the end of `docusaurus build` (postBuild) into
// <outDir>/_recall-box/pack/ with the widget bundles beside it, loads the widget on every page
// (injectHtmlTags), and its theme (getThemePath) puts <recall-box mode="modal"> in the navbar as
// @theme/SearchBar and marks each doc's content as the part to index (DocItem/Content).
// docs/integrations/docusaurus.md.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// The step every integration shares: the CLI run, the widget copied beside the pack, and the
// first build's `recall-box init`.
import { copyBundles, indexBuiltSite, SITE_DIR } from '../site-pack.js';
import { resolveOptions } from './options.js';

export { DEFAULTS, resolveOptions } from './options.js';

/** The plugin's name: the key of its global data, which the theme components read. */
export const NAME = 'recall-box';
const THEME_DIR = fileURLToPath(new URL('./theme', import.meta.url));
/** The widget bundles copied into the site, as `<script type="module">` tags on every page. */
const WIDGET = 'recall-box.js';
const HIGHLIGHT = 'recall-box-highlight.js';

/**
 * @param {{ siteDir: string, baseUrl: string }} context Docusaurus's LoadContext.
 * @param {unknown} options the plugin's options from docusaurus.config.
 */
export default function recallBoxPlugin(context, options) {
  const resolved = resolveOptions(options);
  const baseUrl = context.baseUrl || '/';
  const log = logger();
  return {
    name: NAME,

    getThemePath() {
      return THEME_DIR;
    },

    async contentLoaded({ actions }) {
      // What the SearchBar renders with (usePluginData('recall-box')).
      actions.setGlobalData({ endpoint: resolved.endpoint, widget: resolved.widget, highlight: resolved.highlight });
    },

    injectHtmlTags() {
      // Only the built site has the bundles (postBuild copies them); under `docusaurus start` the
      // SearchBar imports the widget itself instead.
      if (process.env.NODE_ENV !== 'production') return {};
      const script = (file) => ({ tagName: 'script', attributes: { type: 'module', src: `${baseUrl}${SITE_DIR}/${file}`, 'data-recall-box': '' } });
      return { headTags: [script(WIDGET), ...(resolved.highlight ? [script(HIGHLIGHT)] : [])] };
    },

    async postBuild({ outDir, siteDir, baseUrl: builtBase }) {
      if (!resolved.index) {
        // The pages still load the bundles from the site (injectHtmlTags); only the pack is left
        // to another step (recall-box deploy, which copies the widget but not the highlight script).
        await copyBundles(path.join(outDir, SITE_DIR));
        return;
      }
      // The CLI runs in the site's folder, so a recall-box.config.json there is read (its other
      // build options); --html, --out and --base-url come from Docusaurus and win over it.
      await indexBuiltSite({ outDir, root: siteDir ?? context.siteDir, base: builtBase || baseUrl, buildArgs: resolved.buildArgs, init: resolved.init, logger: log });
    },
  };
}

/**
 * Docusaurus checks a plugin's options with this before calling it; resolveOptions throws with
 * the wrong option's name, which Docusaurus reports as the config's error.
 *
 * @param {{ options?: Record<string, unknown> }} args
 */
export function validateOptions({ options = {} }) {
  resolveOptions(options);
  // Every plugin instance needs an id; Docusaurus adds it only for plugins without this function.
  return { ...options, id: options.id ?? 'default' };
}

/** The CLI's lines prefixed as Docusaurus prefixes its own ([INFO], [WARNING]). */
function logger() {
  return {
    info: (line) => console.log(`[recall-box] ${line}`),
    warn: (line) => console.warn(`[recall-box] ${line}`),
  };
}
