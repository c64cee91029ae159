import { loadPack } from '/work/main/src/core/pack/load.ts';
import { fsPackSource } from '/work/main/src/build/fs-source.ts';
import { sectionFields } from '/work/main/src/core/fields.ts';
const p = await loadPack(fsPackSource('/work/main/bench/.out/site/pack'));
for (const q of ['Routing', 'Middleware', 'Images', 'Configuring Astro']) {
  console.log('==', q);
  for (const h of p.keyword.search(q, {lang:'en', limit: 6})) { const s=p.sections[h.doc]; const f=sectionFields(s); console.log(h.score.toFixed(3), s.url, '| T:', f.title.replace(/\n/g,' / '), '| H:', f.headings, '| body len', f.body.length); }
}
