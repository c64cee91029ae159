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
  return { title: titleField(section), headings: ownHeading(section), body: bodyParts(section).filter((s) => s.length > 0).join('\n') };
}

/** The title field: the page title and the page's tags, one a line. */
function titleField(section: Section): string {
  const [pageTitle = ''] = section.breadcrumb;
  return [pageTitle, ...section.tags].filter((s) => s.length > 0).join('\n');
}

/**
 * Only the section's OWN heading: ancestor headings (the h2 above an h3) are the h2 section's
 * words, and counted again in every h3 below it they made each h3 outrank its own h2 on the h2's
 * topic (measured: "route parameters" ranked the h3 "Optional parameters" above the h2 "Route
 * parameters"). The breadcrumb still shows the ancestors to the reader.
 */
function ownHeading(section: Section): string {
  const { breadcrumb } = section;
  return breadcrumb.length > 1 ? breadcrumb[breadcrumb.length - 1]! : '';
}

/** The body field's parts in order: description, prose, code. */
function bodyParts(section: Section): [description: string, text: string, code: string] {
  // The description describes the whole page; repeating it on every section would let one page's
  // description outvote the sections that actually hold the answer, so only the intro carries it.
  const description = section.depth <= 1 ? section.description : '';
  return [description, section.text, section.code];
}

/** Which of a section's fields or body parts a stretch of its searchable text is. */
export type SearchablePartName = 'title' | 'heading' | 'description' | 'text' | 'code';

/** One non-empty field or body part of the searchable text: [start, end) offsets into it. */
export interface SearchablePart {
  name: SearchablePartName;
  start: number;
  end: number;
}

/**
 * The searchable text and where each of its non-empty parts lies in it, by construction: what
 * presentation reads of every result (section-matches.ts, evidence.ts), computed once per result.
 * Evidence used to find the parts by searching the text for each field, which could mislabel a
 * part that begins with another's words.
 */
export interface SearchableLayout {
  /** All searchable text: sectionFields' title, headings and body joined by '\n'. */
  text: string;
  /** Its non-empty parts in text order: title (page title and tags), heading, then the body's description, text and code. */
  parts: SearchablePart[];
}

/** The searchable text and its parts: the fields joined by '\n', each field's own parts joined by '\n'. */
export function searchableLayout(section: Section): SearchableLayout {
  const title = titleField(section);
  const heading = ownHeading(section);
  const parts: SearchablePart[] = [];
  const add = (name: SearchablePartName, start: number, length: number) => {
    if (length > 0) parts.push({ name, start, end: start + length });
  };
  add('title', 0, title.length);
  add('heading', title.length + 1, heading.length);
  // The body's non-empty parts joined by '\n', as sectionFields joins them; built here at once, so
  // the section's text is copied once, into `text`.
  const body: string[] = [];
  let at = title.length + 1 + heading.length + 1;
  const [description, prose, code] = bodyParts(section);
  for (const [name, part] of [['description', description], ['text', prose], ['code', code]] as const) {
    if (part.length === 0) continue;
    add(name, at, part.length);
    body.push(part);
    at += part.length + 1;
  }
  return { text: [title, heading, body.join('\n')].join('\n'), parts };
}

/** All searchable text of a section as one string: the fields joined by '\n' (searchableLayout's text). */
export function searchableText(section: Section): string {
  return searchableLayout(section).text;
}
