import type { Section } from '../types.ts';

/**
 * The searchable text of a section, split into the fields the keyword ranking weighs differently.
 *
 * This is the one place that decides what text of a section is searchable: the keyword index is
 * built from it and evidence/coverage is computed against it, so a term can never be "found" by
 * the index yet be missing from the evidence (or the reverse).
 */
export interface SectionFields {
  /** The page title, plus the page's tags (both describe the whole page, not one section). */
  title: string;
  /** The section's own heading. */
  headings: string;
  /** Prose, code, and (for the page intro only) the page description. */
  body: string;
}

/** Names of the fields, in the order the ranking weighs them (highest first). */
export const FIELD_NAMES = ['title', 'headings', 'body'] as const;
export type FieldName = (typeof FIELD_NAMES)[number];

export function sectionFields(section: Section): SectionFields {
  const [pageTitle = '', ...below] = section.breadcrumb;
  // Only the section's OWN heading: ancestor headings (the h2 above an h3) are the h2 section's
  // words, and counted again in every h3 below it they made each h3 outrank its own h2 on the h2's
  // topic (measured: "route parameters" ranked the h3 "Optional parameters" above the h2 "Route
  // parameters"). The breadcrumb still shows the ancestors to the reader.
  const own = below.length > 0 ? below[below.length - 1]! : '';
  return {
    title: [pageTitle, ...section.tags].filter((s) => s.length > 0).join('\n'),
    headings: own,
    body: bodyParts(section).filter((s) => s.length > 0).join('\n'),
  };
}

/** The body field's parts in order: description, prose, code. */
function bodyParts(section: Section): [description: string, text: string, code: string] {
  // The description describes the whole page; repeating it on every section would let one page's
  // description outvote the sections that actually hold the answer, so only the intro carries it.
  const description = section.depth <= 1 ? section.description : '';
  return [description, section.text, section.code];
}

/** All searchable text of a section as one string (fields joined), for evidence coverage. */
export function searchableText(section: Section): string {
  const f = sectionFields(section);
  return [f.title, f.headings, f.body].join('\n');
}

/**
 * Where the section's prose (`text`) and `code` start in searchableText(section), or −1 when
 * empty: so what analysed the whole searchable text once also holds each part's tokens.
 */
export function searchableOffsets(section: Section): { text: number; code: number } {
  const f = sectionFields(section);
  let at = f.title.length + 1 + f.headings.length + 1;
  const [description, text, code] = bodyParts(section);
  const offsets = { text: -1, code: -1 };
  if (description.length > 0) at += description.length + 1;
  if (text.length > 0) {
    offsets.text = at;
    at += text.length + 1;
  }
  if (code.length > 0) offsets.code = at;
  return offsets;
}
