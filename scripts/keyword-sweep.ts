/**
 * Keyword-route parameter sweep: nDCG@10 of `recall-box:keyword` built with other keyword options,
 * on any datasets the harness reads, in one run. Reproduces the table by DEFAULT_KEYWORD_OPTIONS
 * (src/core/keyword/options.ts). Not part of `npm test`.
 *
 *   npx tsx scripts/keyword-sweep.ts <dataset-dir>[=<queries.jsonl>] … \
 *     [--variant name='{"weights":{"title":3,"headings":2,"body":1},"b":{"title":0.5,"headings":0.5}}'] …
 *
 * With no --variant, only the defaults run. Queries files come from `npm run eval:titles` (add
 * `--headings` for heading queries).
 */
import { parseArgs } from 'node:util';
import { assemblePack } from '../src/build/build-pack.ts';
import type { KeywordOptionsInput } from '../src/core/keyword/index.ts';
import { detectScriptLang } from '../src/core/lang.ts';
import { loadPack, type LoadedPack } from '../src/core/pack/load.ts';
import { loadDataset } from '../src/eval/datasets/index.ts';
import { evaluate } from '../src/eval/run.ts';
import { evalPages } from '../src/eval/systems/eval-pages.ts';
import { memoryPackSource } from '../src/eval/systems/memory-source.ts';
import type { EvalSystem } from '../src/eval/types.ts';

/** The keyword route alone, built with `options` through the production build and loader. */
function keywordSystem(name: string, options: KeywordOptionsInput): EvalSystem {
  let pack: LoadedPack | undefined;
  let ids: string[] = [];
  return {
    name,
    peer: false,
    description: `recall-box keyword route with ${JSON.stringify(options)}`,
    async index(docs) {
      const { manifest, files } = await assemblePack(evalPages(docs), { baseUrl: '/', createdAt: '1970-01-01T00:00:00.000Z', keyword: options });
      pack = await loadPack(memoryPackSource(name, manifest, files));
      ids = docs.map((d) => d.id);
    },
    search(query, k) {
      const lang = detectScriptLang(query, pack!.manifest.defaultLang);
      return { hits: pack!.keyword.search(query, { lang, limit: k }).map((h) => ({ docId: ids[h.doc]!, score: h.score })) };
    },
  };
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { variant: { type: 'string', multiple: true } } });
if (positionals.length === 0) {
  console.error('usage: npx tsx scripts/keyword-sweep.ts <dataset-dir>[=<queries.jsonl>] … [--variant name=<json>] …');
  process.exit(2);
}
const variants: Array<[string, KeywordOptionsInput]> = [['defaults', {}]];
for (const v of values.variant ?? []) {
  const cut = v.indexOf('=');
  variants.push([v.slice(0, cut), JSON.parse(v.slice(cut + 1)) as KeywordOptionsInput]);
}
console.log(`| dataset | ${variants.map(([n]) => n).join(' | ')} |`);
console.log(`| --- | ${variants.map(() => '---').join(' | ')} |`);
for (const spec of positionals) {
  const [dir, queries] = spec.split('=');
  const { dataset } = await loadDataset(dir!, queries ? { queries } : {});
  const run = await evaluate(dataset, () => variants.map(([n, o]) => keywordSystem(n, o)), { confidence: false });
  console.log(`| ${spec} | ${run.systems.map((s) => s.ndcg10.toFixed(4)).join(' | ')} |`);
}
