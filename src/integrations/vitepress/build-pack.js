// What `vitepress build` does for recall-box once the site is written (the buildEnd hook): the
// shared step of every integration (../site-pack.js) on VitePress's outDir and base.
import { buildSitePack } from '../site-pack.js';

/**
 * @param {{ outDir: string, site: { base: string } }} siteConfig VitePress's resolved SiteConfig.
 * @param {{ buildArgs: string[] }} options
 */
export async function buildPack(siteConfig, options) {
  await buildSitePack({ outDir: siteConfig.outDir, base: siteConfig.site.base || '/', buildArgs: options.buildArgs });
}
