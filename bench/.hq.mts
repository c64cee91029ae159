import { ingestDirectory } from '/work/main/src/build/ingest/index.ts';
import { writeFileSync } from 'node:fs';
for (const [dir, out] of [['/work/shared/corpora/astro-docs/en','astro'],['/work/shared/corpora/hono-docs/docs','hono']]) {
  const r = await ingestDirectory(dir);
  const secs = r.pages.flatMap(p => p.sections).filter(s => s.depth >= 2);
  const counts = new Map<string, number>(); for (const s of secs) counts.set(s.title.toLowerCase(), (counts.get(s.title.toLowerCase()) ?? 0) + 1);
  const uniq = secs.filter(s => counts.get(s.title.toLowerCase()) === 1 && s.title.split(/\s+/).length >= 2);
  const step = Math.max(1, Math.floor(uniq.length / 300));
  const lines = uniq.filter((_, i) => i % step === 0).map(s => JSON.stringify({ query: s.title, url: s.pageUrl }));
  writeFileSync(`/work/main/bench/.out/${out}-heading-queries.jsonl`, lines.join('\n') + '\n');
  console.log(out, lines.length);
}
