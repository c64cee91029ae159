/**
 * The llms.txt pair a build puts in the pack (PACK_FILES.llms, PACK_FILES.llmsFull), from the pages
 * it indexed, and what the build summary says of them. Pure.
 */
import { PACK_FILES, type Lang, type Page } from '../core/index.ts';
import type { PoolName } from '../core/rank/pools.ts';
import { planLlms, renderLlmsTxt } from './llms-txt.ts';
import { LLMS_FULL_MAX_BYTES, renderLlmsFull } from './llms-full.ts';

export interface LlmsSummary {
  /** The language listed, and the pages of it llms.txt lists in how many groups (Optional aside). */
  lang: Lang;
  pages: number;
  groups: number;
  /** Pages llms-full.txt holds: fewer than `pages` when LLMS_FULL_MAX_BYTES cut it. */
  fullPages: number;
  bytes: { llms: number; full: number };
}

export function llmsFiles(
  pages: readonly Page[],
  options: { lang: Lang; languages: readonly Lang[]; poolOf: (page: Page) => PoolName; title?: string; summary?: string; maxFullBytes?: number },
): { files: Record<string, string>; summary: LlmsSummary } {
  const plan = planLlms(pages, options);
  const full = renderLlmsFull(plan, options.maxFullBytes ?? LLMS_FULL_MAX_BYTES);
  const txt = renderLlmsTxt(plan, full);
  return {
    files: { [PACK_FILES.llms]: txt, [PACK_FILES.llmsFull]: full.text },
    summary: {
      lang: plan.lang,
      pages: full.of,
      groups: plan.groups.length,
      fullPages: full.pages,
      bytes: { llms: Buffer.byteLength(txt), full: Buffer.byteLength(full.text) },
    },
  };
}
