/**
 * The command line both sweep scripts share: `<dataset-dir>[=<queries.jsonl>] … [--variant
 * name=<json>] …`, one evaluation per dataset with every variant as a system, and a Markdown table
 * of nDCG@10 (datasets × variants, `defaults` first).
 */
import { parseArgs } from 'node:util';
import { loadDataset } from '../src/datasets/index.ts';
import { evaluate } from '../src/eval/run.ts';
import type { EvalSystem } from '../src/eval/types.ts';

export async function runSweep<V>(script: string, makeSystem: (name: string, variant: V) => EvalSystem): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { variant: { type: 'string', multiple: true } } });
  if (positionals.length === 0) {
    console.error(`usage: npx tsx scripts/${script} <dataset-dir>[=<queries.jsonl>] … [--variant name=<json>] …`);
    process.exit(2);
  }
  const variants: Array<[string, V]> = [['defaults', {} as V]];
  for (const v of values.variant ?? []) {
    const cut = v.indexOf('=');
    variants.push([v.slice(0, cut), JSON.parse(v.slice(cut + 1)) as V]);
  }
  console.log(`| dataset | ${variants.map(([n]) => n).join(' | ')} |`);
  console.log(`| --- | ${variants.map(() => '---').join(' | ')} |`);
  for (const spec of positionals) {
    const [dir, queries] = spec.split('=');
    const { dataset } = await loadDataset(dir!, queries ? { queries } : {});
    const run = await evaluate(dataset, () => variants.map(([n, o]) => makeSystem(n, o)), { confidence: false });
    console.log(`| ${spec} | ${run.systems.map((s) => s.ndcg10.toFixed(4)).join(' | ')} |`);
  }
}
