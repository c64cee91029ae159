/**
 * Identifiers as readers paste them (issue 49): for every docs site with readers' questions
 * (src/eval/question-sites.ts), every identifier that heads exactly one section — a camelCase,
 * snake_case, dotted or called name in the heading (`pino.destination()`, `npm_config_cache`,
 * `setGlobalDispatcher`), backticks and call parentheses dropped as a reader pastes it — searched
 * alone. Scored at SECTION level: the answer is the section it heads, not the top of its page.
 *
 *   npx tsx scripts/identifier-probe.ts --packs <dir> [--shared ../shared]
 *
 * --packs  a folder with one pack per site (<dir>/<site>); a missing one is built there first
 *
 * Prints, per site, MRR@10 of the section and the share first: the default, without the
 * reranking, and the keyword route alone (fusion of the keyword route only, no later stage).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_SEARCH_OPTIONS, everySection, type LoadedPack, type SearchOptions } from '../src/core/index.ts';
import { questionScore, questionSites, sitePack } from '../src/eval/question-sites.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { packs: { type: 'string' }, shared: { type: 'string', default: path.join(repo, '..', 'shared') } } });
if (!values.packs) {
  console.error('usage: npx tsx scripts/identifier-probe.ts --packs <dir> [--shared ../shared]');
  process.exit(2);
}

/** A word that is an identifier: camelCase, snake_case, or names joined by dots (as analysis/query.ts reads one), at least 4 characters. */
const IDENTIFIER = /^(?=.{4,})(?=.*(?:[a-z][A-Z]|[A-Za-z0-9]_[A-Za-z0-9]|[A-Za-z0-9]\.[A-Za-z]))[A-Za-z_$][\w$.]*$/u;

/** The identifiers of a heading as a reader would paste them: backticks, call parentheses and trailing punctuation dropped. */
function identifiersOf(heading: string): string[] {
  return heading
    .split(/[\s,;]+/u)
    .map((w) => w.replace(/^[`'"(]+|[`'"),:.]+$/gu, '').replace(/\(.*$/u, ''))
    .filter((w) => IDENTIFIER.test(w));
}

function probes(pack: LoadedPack): Array<{ query: string; url: string }> {
  const byIdentifier = new Map<string, string[]>();
  for (const s of everySection(pack.sections)) {
    if (s.anchor === '') continue;
    for (const id of new Set(identifiersOf(s.title))) byIdentifier.set(id, [...(byIdentifier.get(id) ?? []), s.url]);
  }
  return [...byIdentifier].filter(([, urls]) => urls.length === 1).map(([query, urls]) => ({ query, url: urls[0]! }));
}

const configurations: Record<string, SearchOptions> = {
  default: DEFAULT_SEARCH_OPTIONS,
  'without reranking': { ...DEFAULT_SEARCH_OPTIONS, rerank: { ...DEFAULT_SEARCH_OPTIONS.rerank, enabled: false } },
  'keyword route alone': {
    ...DEFAULT_SEARCH_OPTIONS,
    fuse: { ...DEFAULT_SEARCH_OPTIONS.fuse, weights: { keyword: 1, vector: 0 } },
    mmr: { ...DEFAULT_SEARCH_OPTIONS.mmr, enabled: false },
    rerank: { ...DEFAULT_SEARCH_OPTIONS.rerank, enabled: false },
  },
};
const { sites, skipped } = questionSites(repo, values.shared!);
for (const line of skipped) console.error(`skipped: ${line}`);
console.log(`| site | identifiers | ${Object.keys(configurations).join(' | ')} |`);
console.log(`| --- | --- | ${Object.keys(configurations).map(() => '---').join(' | ')} |`);
for (const site of sites) {
  const pack = await sitePack(repo, values.packs!, site);
  const items = probes(pack);
  const cells = [];
  for (const options of Object.values(configurations)) {
    const { mrr, first } = await questionScore(pack, items, options, 'section');
    cells.push(`${mrr.toFixed(4)} · ${(100 * first).toFixed(0)}%`);
  }
  console.log(`| ${site.name} | ${items.length} | ${cells.join(' | ')} |`);
}
