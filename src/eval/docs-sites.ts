/**
 * The docs sites of the generalization suite beyond ../shared: real docs that ship as Markdown in
 * their npm package, pinned to one version so every run reads the same pages. Nobody tuned a
 * ranking choice on them; their reader questions (bench/queries/sites/) were written from the
 * pages alone, without sight of any system's output. `npm run fetch:sites` puts them in the cache
 * (scripts/fetch-docs-sites.ts); the suite skips, with a message, a site not fetched. The docs of
 * Vite and Fastify are reserved for judging and are not here.
 */
import path from 'node:path';

export interface DocsSite {
  /** The suite's name for the site, and the stem of its question files in bench/queries/sites/. */
  name: string;
  /** The npm package whose tarball holds the docs. */
  package: string;
  /** Pinned: the pages (and so the questions' target URLs) are those of this version. */
  version: string;
  /** The docs folder inside the package: page URLs are paths relative to it. */
  root: string;
}

export const DOCS_SITES: readonly DocsSite[] = [
  { name: 'npm-cli', package: 'npm', version: '11.21.3', root: 'docs/content' },
  { name: 'undici', package: 'undici', version: '7.30.3', root: 'docs/docs' },
  { name: 'semantic-release', package: 'semantic-release', version: '24.2.9', root: 'docs' },
  { name: 'pino', package: 'pino', version: '10.4.0', root: 'docs' },
  { name: 'eslint-plugin-jest', package: 'eslint-plugin-jest', version: '29.17.0', root: 'docs' },
];

/** Where fetched sites are kept, from the repository root: outside git (.gitignore), never shipped. */
export const DOCS_SITES_CACHE = path.join('.cache', 'docs-sites');

/** A site's docs folder in the cache under `repo`. */
export function docsSiteDir(repo: string, site: DocsSite): string {
  return path.join(repo, DOCS_SITES_CACHE, `${site.package.replace('/', '+')}@${site.version}`, 'package', site.root);
}
