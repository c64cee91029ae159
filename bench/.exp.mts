import { assemblePack } from '/work/main/src/build/build-pack.ts';
import { loadPack } from '/work/main/src/core/pack/load.ts';
import { evalPages } from '/work/main/src/eval/systems/eval-pages.ts';
import { memoryPackSource } from '/work/main/src/eval/systems/memory-source.ts';
import { loadDataset } from '/work/main/src/eval/datasets/index.ts';
import { evaluate } from '/work/main/src/eval/run.ts';
import { detectScriptLang } from '/work/main/src/core/lang.ts';
import type { EvalSystem } from '/work/main/src/eval/types.ts';

function sys(name: string, opts: any): EvalSystem {
  let pack: any; let ids: string[] = [];
  return { name, peer: false, description: '', async index(docs) {
      const { manifest, files } = await assemblePack(evalPages(docs), { baseUrl: '/', createdAt: 'x', keyword: opts });
      pack = await loadPack(memoryPackSource('m', manifest, files)); ids = docs.map(d => d.id);
    }, search(q, k) { const lang = detectScriptLang(q, pack.manifest.defaultLang);
      return { hits: pack.keyword.search(q, { lang, limit: k }).map((h: any) => ({ docId: ids[h.doc], score: h.score })) }; } };
}
const configs: Record<string, any> = JSON.parse(process.argv[2] ?? '{"default":{}}');
for (const [ds, q] of [['/work/shared/datasets/cranfield', undefined], ['/work/shared/corpora/astro-docs/en', '/work/main/bench/.out/astro-en-title-queries.jsonl'], ['/work/shared/corpora/hono-docs/docs', '/work/main/bench/.out/hono-title-queries.jsonl'], ['/work/shared/corpora/astro-docs/en', '/work/main/bench/.out/astro-heading-queries.jsonl'], ['/work/shared/corpora/hono-docs/docs', '/work/main/bench/.out/hono-heading-queries.jsonl']] as const) {
  const { dataset } = await loadDataset(ds, q ? { queries: q } : {});
  const ev = await evaluate(dataset, () => Object.entries(configs).map(([n, o]) => sys(n, o)), { confidence: false } as any);
  console.log(ds.split('/').slice(-2).join('/'), ev.systems.map((s) => `${s.name}=${s.ndcg10.toFixed(4)}/mrr ${s.mrr10.toFixed(3)}`).join('  '));
}
