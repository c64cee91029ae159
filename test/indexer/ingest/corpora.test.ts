/**
 * Real documentation sites from ../shared (see /work/shared/README.md): everything must ingest,
 * and no MDX residue may reach the searchable text.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ingestDirectory, type IngestResult } from '../../../src/indexer/ingest/index.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const shared = path.resolve(projectRoot, '../shared');
const hasShared = existsSync(path.join(shared, 'corpora'));

/** Generous: the shared CI machines are often loaded, and this test is about correctness, not speed. */
const CORPUS_TIMEOUT_MS = 600_000;

/**
 * Top-level ESM import lines of an MDX source (outside code fences), e.g.
 * `import { Steps } from '@astrojs/starlight/components';`. Found independently of the ingest
 * parser so the check does not share its blind spots.
 */
function esmImportLines(source: string): string[] {
  const lines: string[] = [];
  let inFence = false;
  for (const line of source.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    else if (!inFence && /^import .+ from ['"]/.test(line)) lines.push(line.trim());
  }
  return lines;
}

async function checkSite(dir: string, result: IngestResult): Promise<void> {
  expect(result.skipped).toEqual([]);
  expect(result.pages.length).toBe(result.files);
  const sections = result.pages.flatMap((p) => p.sections);
  expect(sections.length).toBeGreaterThan(result.pages.length);
  expect(new Set(sections.map((s) => s.id)).size).toBe(sections.length);
  for (const s of sections) {
    expect(s.url.startsWith('/'), s.id).toBe(true);
    expect(s.text, s.id).not.toContain('<Aside');
  }
  let esmChecked = 0;
  for (const page of result.pages) {
    if (!page.path.endsWith('.mdx')) continue;
    const text = page.sections.map((s) => s.text).join('\n');
    for (const line of esmImportLines(await readFile(path.join(dir, page.path), 'utf8'))) {
      esmChecked++;
      expect(text, `${page.path}: ${line}`).not.toContain(line);
    }
  }
  if (result.pages.some((p) => p.path.endsWith('.mdx'))) expect(esmChecked).toBeGreaterThan(0);
}

describe.skipIf(!hasShared)('shared corpora (skipped: ../shared/corpora is absent)', () => {
  it(
    'ingests hono-docs with zero skipped files',
    async () => {
      const dir = path.join(shared, 'corpora/hono-docs/docs');
      const result = await ingestDirectory(dir);
      await checkSite(dir, result);
      expect(result.pages.length).toBeGreaterThanOrEqual(80);
    },
    CORPUS_TIMEOUT_MS,
  );

  it(
    'ingests astro-docs/en with zero skipped files',
    async () => {
      const dir = path.join(shared, 'corpora/astro-docs/en');
      const started = performance.now();
      const cpu = process.cpuUsage();
      const result = await ingestDirectory(dir);
      const used = process.cpuUsage(cpu);
      console.info(
        `astro-docs/en: ${result.pages.length} pages, ${result.pages.flatMap((p) => p.sections).length} sections ` +
          `in ${Math.round(performance.now() - started)} ms wall, ${Math.round((used.user + used.system) / 1000)} ms CPU`,
      );
      await checkSite(dir, result);
      expect(result.pages.length).toBeGreaterThanOrEqual(400);
    },
    CORPUS_TIMEOUT_MS,
  );

  it(
    'ingests astro-docs/zh-cn with zero skipped files and Chinese anchors',
    async () => {
      const dir = path.join(shared, 'corpora/astro-docs/zh-cn');
      const result = await ingestDirectory(dir);
      await checkSite(dir, result);
      const anchors = result.pages.flatMap((p) => p.sections).map((s) => s.anchor);
      expect(anchors.some((a) => /\p{Script=Han}/u.test(a))).toBe(true);
    },
    CORPUS_TIMEOUT_MS,
  );
});
