/**
 * A synthetic large site for the scale bench: `copies` replicas of a docs folder, each page under
 * its language folder and a copy folder (`en/c07/guides/x.mdx`, so the language is still read from
 * the path) with its front-matter title suffixed (` (c07)`), so titles, URLs and breadcrumbs differ
 * between copies while the text does not. Written once into a gitignored folder and reused.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** First folders that are language folders of the source (Astro's); anything else is copied as a page. */
const LANG_FOLDERS = new Set(['en', 'zh-cn', 'ja']);

async function* walk(dir: string, rel = ''): AsyncGenerator<string> {
  for (const e of await readdir(path.join(dir, rel), { withFileTypes: true })) {
    const r = path.join(rel, e.name);
    if (e.isDirectory()) yield* walk(dir, r);
    else if (/\.(mdx?|html?)$/i.test(e.name)) yield r;
  }
}

/** `title: X` → `title: X (cNN)`, quoted or not; pages without one keep their text. */
export function retitle(text: string, tag: string): string {
  return text.replace(/^(title:\s*)(["']?)(.*?)\2\s*$/m, (_m, key: string, quote: string, title: string) => `${key}${quote}${title} (${tag})${quote}`);
}

/** The replica folder for `source` × `copies` under `outDir`, made unless a complete one is there. */
export async function ensureReplica(source: string, outDir: string, copies: number): Promise<{ dir: string; pages: number }> {
  const marker = path.join(outDir, '.complete');
  const files: string[] = [];
  for await (const f of walk(source)) files.push(f);
  if (existsSync(marker)) return { dir: outDir, pages: files.length * copies };
  await rm(outDir, { recursive: true, force: true });
  for (const rel of files) {
    const text = await readFile(path.join(source, rel), 'utf8');
    const [first, ...rest] = rel.split(path.sep);
    for (let k = 1; k <= copies; k++) {
      const tag = `c${String(k).padStart(2, '0')}`;
      const target = LANG_FOLDERS.has(first!) ? path.join(outDir, first!, tag, ...rest) : path.join(outDir, tag, rel);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, retitle(text, tag));
    }
  }
  await writeFile(marker, `${copies} copies of ${source}\n`);
  return { dir: outDir, pages: files.length * copies };
}
