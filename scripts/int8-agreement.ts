/**
 * How much int8 quantization changes the vector route's top 10 on a real docs site: trains the
 * default embedding model on a docs folder, embeds every section, and for queries made from the
 * site's headings compares the exact float32 cosine top 10 with the int8 kernel's top 10.
 * Agreement = share of the exact top-10 sections that the int8 top 10 also holds. Not part of
 * `npm test` (training takes ~10 s on the Astro docs).
 *
 *   npx tsx scripts/int8-agreement.ts [docs-dir]   (default ../shared/corpora/astro-docs/en)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sectionEmbedDocs, trainEmbedding } from '../src/indexer/embed/train.ts';
import { ingestDirectory } from '../src/indexer/ingest/index.ts';
import { embedReference } from '../src/core/embed/reference.ts';
import { tokenize } from '../src/core/embed/tokenize.ts';
import { prepareTokenizer } from '../src/core/embed/vocabulary.ts';
import { createTypeScriptKernel, quantizeVectors } from '../src/core/vector/index.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.resolve(process.argv[2] ?? path.join(ROOT, '../shared/corpora/astro-docs/en'));
/** Queries sampled from the headings: enough for a stable percentage, few enough to run in seconds. */
const QUERY_COUNT = 300;
const K = 10;

const { pages } = await ingestDirectory(dir);
const sections = pages.flatMap((p) => p.sections);
const trained = trainEmbedding(sectionEmbedDocs(sections));
const model = prepareTokenizer(trained.model);
const dim = trained.model.info.dimensions;
const embed = (text: string, lang: string) => {
  const t = tokenize(text, lang, model);
  return embedReference(trained.matrix, dim, t.ids, t.weights);
};
const docs = sectionEmbedDocs(sections);
const vectors = docs.map((d) => embed(d.text, d.lang));
const kernel = createTypeScriptKernel();
kernel.load(quantizeVectors(vectors, dim));

const headings = sections.filter((s) => s.depth >= 2);
const step = Math.max(1, Math.floor(headings.length / QUERY_COUNT));
let agreeing = 0;
let total = 0;
for (let i = 0; i < headings.length && total < QUERY_COUNT * K; i += step) {
  const q = embed(headings[i]!.title, headings[i]!.lang);
  if (q.every((x) => x === 0)) continue;
  const exact = vectors
    .map((v, id) => ({ id, s: v.reduce((sum, x, j) => sum + x * q[j]!, 0) }))
    .sort((a, b) => b.s - a.s || a.id - b.id)
    .slice(0, K)
    .map((h) => h.id);
  const int8 = new Set(kernel.topK(q, K).ids);
  agreeing += exact.filter((id) => int8.has(id)).length;
  total += K;
}
console.log(`${path.relative(ROOT, dir)}: ${sections.length} sections, ${total / K} heading queries, dim ${dim}`);
console.log(`int8 top-${K} agreement with float32: ${((100 * agreeing) / total).toFixed(2)}% of positions`);
