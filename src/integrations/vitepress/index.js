// recall-box for VitePress: one line in .vitepress/config.mts,
//
//   export default withRecallBox(defineConfig({ ... }), { /* options */ })
//
// and one in .vitepress/theme/index.ts (`export { default } from 'recall-box/vitepress/theme'`).
// This half does the build side: it indexes the built site after `vitepress build` (buildEnd)
// and, on the project's first build, writes its Worker's setup as the other integrations do;
// hands the widget options to the theme through themeConfig, tells Vue that <recall-box> is a
// custom element, and marks VitePress's chrome inside the content as not to be indexed
// (markers.js). docs/integrations/vitepress.md.
import { indexBuiltSite } from '../site-pack.js';
import { markCodeLanguageLabels, markSkipLink } from './markers.js';
import { resolveOptions } from './options.js';

export { PACK_SUBDIR, SITE_DIR } from './options.js';

/** The package name, for the Vite settings that must name it. */
const PACKAGE = 'recall-box';

/**
 * Returns `config` with recall-box added: the pack built at the end of `vitepress build`, the
 * theme component's options in `themeConfig.recallBox`, and the Vue and Vite settings it needs.
 * The config's own `buildEnd`, `isCustomElement` and Vite settings are kept and run first.
 *
 * @template {Record<string, any>} T
 * @param {T} config a VitePress config object (what `defineConfig` returns)
 * @param {{ endpoint?: string, widget?: Record<string, string | number | boolean>, highlight?: boolean, buildArgs?: string[], index?: boolean, init?: boolean }} [options]
 * @returns {T}
 */
export function withRecallBox(config, options = {}) {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    throw new TypeError('recall-box: withRecallBox(config) takes the config object, e.g. withRecallBox(defineConfig({ … }))');
  }
  const resolved = resolveOptions(options);
  const themeConfig = config.themeConfig ?? {};
  if (themeConfig.search) {
    // Both would sit in the navbar; recall-box's component takes the place of VitePress's own.
    console.warn('recall-box: themeConfig.search is set; remove it, or the navbar shows two search buttons');
  }
  const userBuildEnd = config.buildEnd;
  return {
    ...config,
    themeConfig: {
      ...themeConfig,
      recallBox: { endpoint: resolved.endpoint, widget: resolved.widget, highlight: resolved.highlight },
    },
    vue: withCustomElement(config.vue),
    vite: withViteSettings(config.vite),
    markdown: {
      ...config.markdown,
      config(md) {
        config.markdown?.config?.(md);
        markCodeLanguageLabels(md);
      },
    },
    async transformHtml(code, id, ctx) {
      const theirs = config.transformHtml ? await config.transformHtml(code, id, ctx) : undefined;
      return markSkipLink(typeof theirs === 'string' ? theirs : code);
    },
    async buildEnd(siteConfig) {
      if (userBuildEnd) await userBuildEnd(siteConfig);
      if (!resolved.index) return;
      // The project is the folder `vitepress build docs` runs in (VitePress's own root is docs/):
      // the CLI reads a recall-box.config.json there, init writes one there, and that is where
      // `npx recall-box deploy` runs next.
      const site = { outDir: siteConfig.outDir, root: process.cwd(), base: siteConfig.site.base || '/' };
      await indexBuiltSite({ ...site, buildArgs: resolved.buildArgs, init: resolved.init, logger: LOGGER });
    },
  };
}

/**
 * VitePress prints its build with plain console lines and gives a config's buildEnd no logger of
 * its own: recall-box's lines are labelled as the CLI labels them, so they read as before.
 */
const LOGGER = {
  info: (line) => console.log(`recall-box: ${line}`),
  warn: (line) => console.warn(`recall-box: ${line}`),
};

/** `<recall-box>` is a custom element, not a Vue component Vue should try to resolve. */
function withCustomElement(vue = {}) {
  const template = vue.template ?? {};
  const compilerOptions = template.compilerOptions ?? {};
  const theirs = compilerOptions.isCustomElement;
  return {
    ...vue,
    template: {
      ...template,
      compilerOptions: {
        ...compilerOptions,
        isCustomElement: (tag) => tag === 'recall-box' || (theirs ? theirs(tag) : false),
      },
    },
  };
}

/**
 * The theme ships as a .vue file inside the package: Vite must compile it for the server render
 * (not hand it to Node, `ssr.noExternal`) and not pre-bundle it with esbuild in dev
 * (`optimizeDeps.exclude`), which cannot read .vue.
 */
function withViteSettings(vite = {}) {
  const ssr = vite.ssr ?? {};
  const optimizeDeps = vite.optimizeDeps ?? {};
  const noExternal = ssr.noExternal === true ? true : [...toList(ssr.noExternal), PACKAGE];
  return {
    ...vite,
    ssr: { ...ssr, noExternal },
    optimizeDeps: { ...optimizeDeps, exclude: [...(optimizeDeps.exclude ?? []), PACKAGE] },
  };
}

function toList(value) {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
