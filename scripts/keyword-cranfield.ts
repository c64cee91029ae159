/**
 * Quality gate of the keyword route on Cranfield: graded nDCG@10 of recall-box's keyword index
 * against Lunr 2.3.9 (default pipeline), measured in the same run on the same parse.
 *
 *   npx tsx scripts/keyword-cranfield.ts [--dataset ../shared/datasets/cranfield] [--sweep]
 *
 * --sweep also prints nDCG@10 for a grid of BM25F parameters (the figures documented next to
 * DEFAULT_KEYWORD_OPTIONS). Exit code 1 if the keyword route scores below Lunr.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lunr from 'lunr';
import {
  buildKeywordIndex,
  DEFAULT_KEYWORD_OPTIONS,
  loadKeywordIndex,
  type StoredKeywordIndex,
  type KeywordOptions,
} from '../src/core/keyword/index.ts';
import { validateKeywordHead, validateKeywordPart } from '../src/core/keyword/data.ts';
import { analyze, createFlexIndex } from '../src/core/keyword/flex.ts';
import {
  cranfieldGain,
  judgementsByQuery,
  parseSmartDocuments,
  parseSmartJudgements,
  parseSmartQueries,
  type SmartDocument,
} from '../src/datasets/smart-parse.ts';

const CUTOFF = 10;

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const datasetArg = args.indexOf('--dataset');
const dataset = datasetArg >= 0 ? path.resolve(args[datasetArg + 1] ?? '') : path.resolve(projectRoot, '../shared/datasets/cranfield');
const sweep = args.includes('--sweep');

if (!existsSync(path.join(dataset, 'cran.all.1400'))) {
  console.error(`No Cranfield collection at ${dataset} (expected cran.all.1400, cran.qry, cranqrel); pass --dataset <dir>.`);
  process.exit(2);
}
const read = (name: string) => readFileSync(path.join(dataset, name), 'utf8');
const docs = parseSmartDocuments(read('cran.all.1400'));
const queries = parseSmartQueries(read('cran.qry'));
const qrels = judgementsByQuery(parseSmartJudgements(read('cranqrel')));

/** Gains of the judged documents of query `position` (1-based), by document id. */
function gainsOf(position: number): Map<string, number> {
  const gains = new Map<string, number>();
  for (const [doc, code] of qrels.get(position) ?? []) gains.set(doc, cranfieldGain(code));
  return gains;
}

/** Graded nDCG@CUTOFF with the log2(rank + 1) discount; the ideal ranking is built from all judged gains. */
function ndcg(ranked: readonly string[], gains: ReadonlyMap<string, number>): number {
  const dcg = (list: readonly number[]) => list.slice(0, CUTOFF).reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0);
  const ideal = dcg([...gains.values()].sort((a, b) => b - a));
  return ideal > 0 ? dcg(ranked.map((id) => gains.get(id) ?? 0)) / ideal : 0;
}

interface Run {
  system: string;
  ndcg: number;
  medianMs: number;
}

function run(system: string, rank: (query: string) => string[]): Run {
  const scores: number[] = [];
  const times: number[] = [];
  queries.forEach((q) => {
    const start = performance.now();
    const ranked = rank(q.text);
    times.push(performance.now() - start);
    scores.push(ndcg(ranked, gainsOf(q.position)));
  });
  return { system, ndcg: mean(scores), medianMs: median(times) };
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// ---- recall-box keyword route -------------------------------------------------------------------

const keywordDocs = docs.map((d: SmartDocument) => ({ fields: { title: d.title, headings: '', body: d.text }, lang: 'en' }));
const buildStart = performance.now();
const built = await buildKeywordIndex(keywordDocs);
const buildMs = performance.now() - buildStart;
// Through JSON, as the pack stores it: the run measures the imported index, not the built one.
const packed = JSON.stringify(built);
const stored = JSON.parse(packed) as StoredKeywordIndex;

async function keywordRanker(options: KeywordOptions = stored.head.options): Promise<(q: string) => string[]> {
  const index = await loadKeywordIndex({ ...stored, head: { ...stored.head, options } });
  return (q) => index.search(q, { lang: 'en', limit: CUTOFF }).map((h) => docs[h.doc].id);
}

const loadStart = performance.now();
const keyword = run('recall-box keyword (BM25F)', await keywordRanker());
const loadAndRunMs = performance.now() - loadStart;

// ---- Lunr 2.3.9, default pipeline (trimmer, stop words, Porter stemmer) ---------------------------

const lunrIndex = lunr(function () {
  this.ref('id');
  this.field('title');
  this.field('body');
  for (const d of docs) this.add({ id: d.id, title: d.title, body: d.text });
});
/**
 * Lunr's query parser reads `word:` as a field, `^n` as a boost, `~n` as an edit distance, `*` as
 * a wildcard and a leading `+`/`-` as presence; raw Cranfield queries contain some of these (e.g.
 * `Examples:`) and make it throw. They are replaced by spaces, which leaves plain OR-ed terms.
 */
const lunrClean = (q: string) => q.replace(/[:^~*+-]/g, ' ');
const lunrRun = run('Lunr 2.3.9 (default pipeline)', (q) => lunrIndex.search(lunrClean(q)).slice(0, CUTOFF).map((r) => r.ref));

// ---- Candidates: FlexSearch `suggest` search vs the per-term union -------------------------------

const flex = createFlexIndex(stored.head.options.maxTermFrequency);
const head = validateKeywordHead(stored.head);
stored.parts.forEach((part, i) => {
  for (const chunk of validateKeywordPart(part, head, i)) flex.importChunk(chunk.key, chunk.data);
});
let unionTotal = 0;
let suggestMissing = 0;
let queriesLosing = 0;
for (const q of queries) {
  const qTerms = [...new Set(analyze(q.text, 'en', stored.head.options.analyzer))];
  const union = new Set<number>();
  for (const t of qTerms) for (const field of ['title', 'headings', 'body'] as const) for (const slot of flex.slots(field, t)) for (const d of slot ?? []) union.add(d);
  const suggested = new Set(flex.suggest(qTerms, docs.length));
  const missing = [...union].filter((d) => !suggested.has(d)).length;
  unionTotal += union.size;
  suggestMissing += missing;
  if (missing > 0) queriesLosing++;
}

// ---- Report -------------------------------------------------------------------------------------

const fmt = (n: number, digits: number) => n.toFixed(digits);
const kib = (chars: number) => (chars / 1024).toFixed(0);
console.log(`Cranfield: ${docs.length} documents, ${queries.length} queries, nDCG@${CUTOFF} (graded, gain = 5 − code)`);
console.log('');
console.log('| system | nDCG@10 | ratio to Lunr | median query ms |');
console.log('| --- | --- | --- | --- |');
for (const r of [keyword, lunrRun]) {
  console.log(`| ${r.system} | ${fmt(r.ndcg, 4)} | ${fmt(r.ndcg / lunrRun.ndcg, 3)} | ${fmt(r.medianMs, 3)} |`);
}
console.log('');
console.log(
  `keyword index: ${kib(packed.length)} KiB as JSON (Lunr's serialised index: ${kib(JSON.stringify(lunrIndex).length)} KiB), ` +
    `built in ${buildMs.toFixed(0)} ms; load + 225 queries ${loadAndRunMs.toFixed(0)} ms`,
);
console.log(
  `candidates: per-term union ${unionTotal} over all queries; FlexSearch suggest search (limit = all docs) misses ${suggestMissing} of them in ${queriesLosing} queries`,
);
console.log('Lunr queries cleaned: `: ^ ~ * + -` replaced by spaces (Lunr query syntax).');

if (sweep) {
  console.log('');
  console.log('| k1 | b title/headings/body | weights title/headings/body | nDCG@10 |');
  console.log('| --- | --- | --- | --- |');
  const d = DEFAULT_KEYWORD_OPTIONS;
  const grid: Array<Partial<KeywordOptions>> = [
    {},
    { weights: { title: 1, headings: 1, body: 1 } },
    { weights: { title: 2, headings: 1.5, body: 1 } },
    { weights: { title: 5, headings: 3, body: 1 } },
    { weights: { title: 10, headings: 5, body: 1 } },
    { b: { title: 0.75, headings: 0.75, body: 0.75 } },
    { b: { title: 0.3, headings: 0.3, body: 0.75 } },
    { b: { title: 0.5, headings: 0.5, body: 0.5 } },
    { b: { title: 0.5, headings: 0.5, body: 0.9 } },
    { k1: 0.9 },
    { k1: 1.5 },
    { k1: 2.0 },
  ];
  for (const change of grid) {
    const options: KeywordOptions = { ...d, ...change };
    const r = run('', await keywordRanker(options));
    const w = options.weights;
    const b = options.b;
    console.log(`| ${options.k1} | ${b.title}/${b.headings}/${b.body} | ${w.title}/${w.headings}/${w.body} | ${fmt(r.ndcg, 4)} |`);
  }
}

if (keyword.ndcg < lunrRun.ndcg) {
  console.error(`FAIL: keyword route ${fmt(keyword.ndcg, 4)} < Lunr ${fmt(lunrRun.ndcg, 4)}`);
  process.exitCode = 1;
}
