import fc from 'fast-check';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingestDirectory } from '../../../src/indexer/ingest/index.ts';
import { PART_ID_SEPARATOR, splitLargeSection, splitLines } from '../../../src/indexer/ingest/split-large.ts';
import type { Section } from '../../../src/core/types.ts';
import { sectionOf } from '../../support/section.ts';

const section = (text: string, code = ''): Section => sectionOf({ text, code, links: ['/other/'] });

describe('splitLines', () => {
  it('keeps every piece within the bound and loses no word', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{1,12}( [a-z]{1,12}){0,30}$/), { minLength: 1, maxLength: 40 }), fc.integer({ min: 16, max: 200 }), (lines, max) => {
        const text = lines.join('\n');
        const pieces = splitLines(text, max);
        for (const p of pieces) expect(p.length).toBeLessThanOrEqual(max);
        expect(pieces.join(' ').split(/\s+/)).toEqual(text.split(/\s+/));
      }),
      { numRuns: 200 },
    );
  });

  it('cuts whole lines when they fit, and a line longer than the bound at white space', () => {
    expect(splitLines('aaaa\nbbbb\ncccc', 9)).toEqual(['aaaa\nbbbb', 'cccc']);
    expect(splitLines('aaaa bbbb cccc', 9)).toEqual(['aaaa bbbb', 'cccc']);
    expect(splitLines('aaaa bbbb cccc', 8)).toEqual(['aaaa', 'bbbb', 'cccc']);
    expect(splitLines('x'.repeat(20), 8)).toEqual(['xxxxxxxx', 'xxxxxxxx', 'xxxx']);
  });
});

describe('splitLargeSection', () => {
  it('leaves a section that fits as it is', () => {
    const s = section('short text', 'code()');
    expect(splitLargeSection(s, 1024)).toEqual([s]);
  });

  it('cuts a long one into parts of the same heading, each with its own id, links on the first only', () => {
    const paragraph = 'deploy the worker with wrangler and check the routes '.repeat(10);
    const parts = splitLargeSection(section(Array.from({ length: 40 }, () => paragraph).join('\n'), 'const x = 1;'), 2048);
    expect(parts.length).toBeGreaterThan(10);
    expect(new Set(parts.map((p) => p.id)).size).toBe(parts.length);
    expect(parts[0]!.id).toBe('/guide/#setup');
    expect(parts[1]!.id).toBe(`/guide/#setup${PART_ID_SEPARATOR}2`);
    for (const p of parts) {
      expect(p.text.length + p.code.length).toBeLessThanOrEqual(2048);
      expect([p.url, p.title, p.breadcrumb]).toEqual(['/guide/#setup', 'Setup', ['Guide', 'Setup']]);
    }
    expect(parts.map((p) => p.links.length)).toEqual([1, ...parts.slice(1).map(() => 0)]);
    expect(parts.at(-1)!.code).toBe('const x = 1;');
  });
});

describe('ingest of a page with a huge section', () => {
  it('indexes it in parts and warns, naming the file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'recall-box-split-'));
    try {
      const big = Array.from({ length: 2000 }, (_, i) => `Paragraph ${i} repeats the words deploy worker routes.`).join('\n\n');
      await writeFile(path.join(dir, 'huge.md'), `# Huge\n\n## One section\n\n${big}\n`);
      await writeFile(path.join(dir, 'small.md'), '# Small\n\nA short page.\n');
      const result = await ingestDirectory(dir, { maxSectionChars: 8192 });
      expect(result.warnings).toEqual([{ path: 'huge.md', code: 'SECTION_SPLIT', reason: expect.stringContaining('1 section longer than 8192 characters') }]);
      const huge = result.pages.find((p) => p.path === 'huge.md')!;
      expect(huge.sections.length).toBeGreaterThan(10);
      expect(huge.sections.every((s) => s.text.length <= 8192)).toBe(true);
      expect(result.pages.find((p) => p.path === 'small.md')!.splitSections).toBeUndefined();
      await expect(ingestDirectory(dir, { maxSectionChars: 10 })).rejects.toThrow('maxSectionChars');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
