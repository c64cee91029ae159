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
import { assemblePack } from '../src/indexer/build-pack.ts';
import type { KeywordOptionsInput } from '../src/core/keyword/index.ts';
import { detectScriptLang, loadPack, type LoadedPack } from '../src/core/index.ts';
import { evalPages } from '../src/datasets/collection-pages.ts';
import { docIdsByPosition } from '../src/datasets/collection-pack.ts';
import { memoryPackSource } from '../src/datasets/memory-source.ts';
import type { EvalSystem } from '../src/eval/types.ts';
import { runSweep } from './sweep.ts';

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
      ids = docIdsByPosition(pack, docs);
    },
    async search(query, k) {
      const lang = detectScriptLang(query, pack!.manifest.defaultLang);
      return { hits: pack!.keyword.search(query, { lang, limit: k }).map((h) => ({ docId: ids[h.doc]!, score: h.score })) };
    },
  };
}

await runSweep<KeywordOptionsInput>('keyword-sweep.ts', keywordSystem);
