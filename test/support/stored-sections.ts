import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { StoredSection } from '../../src/core/pack/format.ts';
import type { SectionsHead } from '../../src/core/pack/sections-file.ts';

/** Every section of a pack folder as stored: the head's blocks read in order (unsharded packs). */
export async function readStoredSections(packDir: string): Promise<StoredSection[]> {
  const head = JSON.parse(await readFile(path.join(packDir, 'sections.json'), 'utf8')) as SectionsHead;
  const blocks = await Promise.all(head.blocks.map(async (b) => JSON.parse(await readFile(path.join(packDir, b.file), 'utf8')).sections as StoredSection[]));
  return blocks.flat();
}
