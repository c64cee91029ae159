// recall-box for Astro and Starlight: one line in astro.config.
//
//   Starlight:   starlight({ title: 'Docs', plugins: [recallBox()] })
//   Other Astro: integrations: [recallBox()]   (and <Search /> from 'recall-box/astro/Search.astro' in a layout)
//
// recallBox() returns one object that is both a Starlight plugin (its `config:setup` hook) and an
// Astro integration (its `astro:*` hooks); each host calls only the hooks it knows. As a Starlight
// plugin it replaces Starlight's search (components.Search, Pagefind off) and adds the Astro
// integration, which indexes the built site at the end of `astro build`. docs/integrations/astro.md.
import { fileURLToPath } from 'node:url';
import { indexBuiltSite } from '../site-pack.js';
import { markCodeFrameLabels } from './markers.js';
import { resolveOptions } from './options.js';

export { DEFAULTS, PACK_SUBDIR, SITE_DIR } from './options.js';

const NAME = 'recall-box';
/** The component Starlight renders in its header instead of its own search (package.json "exports"). */
export const SEARCH_COMPONENT = 'recall-box/astro/Search.astro';
const STARLIGHT_SEARCH = '@astrojs/starlight/components/Search.astro';
/** The options the Search component reads at build time, handed over as a Vite virtual module. */
const OPTIONS_MODULE = 'virtual:recall-box/options';

/**
 * @param {{ endpoint?: string, widget?: Record<string, string | number | boolean>, highlight?: boolean, index?: boolean, init?: boolean, buildArgs?: string[], replaceSearch?: boolean }} [options]
 */
export default function recallBox(options = {}) {
  const resolved = resolveOptions(options);
  const standalone = astroIntegration(resolved, { underStarlight: false });
  return {
    name: NAME,
    hooks: {
      // Starlight plugin: starlight({ plugins: [recallBox()] }).
      'config:setup'({ config, updateConfig, addIntegration, logger }) {
        if (resolved.replaceSearch) {
          const theirs = config.components?.Search;
          if (theirs && theirs !== STARLIGHT_SEARCH && theirs !== SEARCH_COMPONENT) {
            logger.warn(`components.Search is ${theirs}; recall-box replaces it (recallBox({ replaceSearch: false }) keeps it)`);
          }
          // Pagefind off: its index is not used any more, and building it would only cost time.
          updateConfig({ components: { ...config.components, Search: SEARCH_COMPONENT }, pagefind: false });
        }
        const expressiveCode = config.expressiveCode;
        if (expressiveCode !== false) {
          // Code blocks' "Terminal window" label out of the index (markers.js). An ec.config.mjs
          // with its own `plugins` replaces this list; the label is then indexed, nothing else changes.
          const ec = typeof expressiveCode === 'object' && expressiveCode !== null ? expressiveCode : {};
          updateConfig({ expressiveCode: { ...ec, plugins: [...(ec.plugins ?? []), markCodeFrameLabels()] } });
        }
        addIntegration(astroIntegration(resolved, { underStarlight: true }));
      },
      // Astro integration: integrations: [recallBox()].
      ...standalone.hooks,
    },
  };
}

export { recallBox };

/**
 * The Astro integration proper: the options module for the Search component, the Vite settings it
 * needs, and the pack built from the built site.
 */
function astroIntegration(resolved, { underStarlight }) {
  /** Astro's resolved config (root, base), kept from astro:config:done for the build's end. */
  let astroConfig;
  return {
    name: NAME,
    hooks: {
      'astro:config:setup'({ config, updateConfig, logger }) {
        const names = config.integrations.map((i) => i.name);
        if (names.filter((n) => n === NAME).length > 1) {
          // Both placements at once would index the site twice.
          throw new Error('recall-box: recallBox() is both in integrations and in Starlight\'s plugins; keep only the one in starlight({ plugins: [recallBox()] })');
        }
        if (!underStarlight && names.includes('@astrojs/starlight') && resolved.replaceSearch) {
          logger.warn('Starlight is in integrations: put recallBox() in starlight({ plugins: [recallBox()] }) to replace its search; here it only indexes the site');
        }
        updateConfig({
          vite: {
            plugins: [optionsModule(resolved)],
            // Search.astro ships inside this package: Vite must compile it for the server render, not hand it to Node.
            ssr: { noExternal: [NAME] },
          },
        });
      },
      async 'astro:build:done'({ dir, logger }) {
        if (!resolved.index) return;
        // The CLI runs in the project (root), so it reads the project's recall-box.config.json; the flags win over it.
        await indexBuiltSite({ outDir: fileURLToPath(dir), root: fileURLToPath(astroConfig.root), base: astroConfig.base, buildArgs: resolved.buildArgs, init: resolved.init, logger });
      },
      'astro:config:done'({ config }) {
        astroConfig = config;
      },
    },
  };
}

/** `import options from 'virtual:recall-box/options'`: what the Search component renders with. */
function optionsModule(resolved) {
  const resolvedId = `\0${OPTIONS_MODULE}`;
  const value = { endpoint: resolved.endpoint, widget: resolved.widget, highlight: resolved.highlight };
  return {
    name: 'recall-box:options',
    resolveId(id) {
      return id === OPTIONS_MODULE ? resolvedId : undefined;
    },
    load(id) {
      return id === resolvedId ? `export default ${JSON.stringify(value)};` : undefined;
    },
  };
}
