/**
 * The data shapes shared by build, Worker and widget. Pure types: no runtime code here.
 */

/** A language tag as used in the pack: `en`, `zh-cn`, `ja`, `ko`, or any other lower-case BCP 47 tag. */
export type Lang = string;

/** One searchable unit: the content under one heading (h1–h3 by default) of one page. */
export interface Section {
  /** Stable id: `${pageUrl}#${anchor}` (anchor empty for a page's intro before its first heading). */
  id: string;
  /** Link target: page URL plus `#anchor` when the section has an anchor. */
  url: string;
  /** The page URL without anchor, e.g. `/guides/actions/`. */
  pageUrl: string;
  /** GitHub-style slug, unique within the page ('' for the page intro). */
  anchor: string;
  /** The section's own heading text; the page title for the intro section. */
  title: string;
  /** `[page title, h2, h3]` up to and including this section's heading. */
  breadcrumb: string[];
  /** Heading depth of this section: 1 for the page title/intro, 2 for h2, 3 for h3. */
  depth: number;
  /** Language of the page (from path or front matter). */
  lang: Lang;
  /** Prose text of the section, whitespace-normalised, without code. */
  text: string;
  /** Code blocks of the section, joined with "\n". Searchable, shown as code. */
  code: string;
  /** Outgoing internal links of the section, as page URLs without anchors. */
  links: string[];
  /** Front-matter tags of the page, if any. */
  tags: string[];
  /** Front-matter description of the page (kept on every section of the page), '' if none. */
  description: string;
}

/** A page as read by ingest, before it is split into sections. */
export interface Page {
  /** Source path relative to the docs root, with forward slashes. */
  path: string;
  url: string;
  title: string;
  lang: Lang;
  description: string;
  tags: string[];
  sections: Section[];
  /** Sections over the build's maxSectionChars, cut into parts (indexer/ingest/split-large.ts); absent when none. */
  splitSections?: number;
  /** The file was over the build's maxParseChars and read line by line (indexer/ingest/large-markdown.ts); absent otherwise. */
  lineRead?: true;
  /**
   * The page's values of the build's configured facets (IngestOptions.facets): facet name → its
   * values, normalised and bounded (core/pack/facets.ts); only facets the page has values of;
   * absent when none. Stored in the section store's head, not in the sections.
   */
  facets?: Record<string, string[]>;
  /** Facet values left out for their bounds, each said for the build's FACET_VALUES_DROPPED warning; absent when none. */
  facetsDropped?: string[];
  /** The title is the page's first h1 (not front matter's, not the file name): what indexer/ingest/site-headings.ts counts; absent otherwise. */
  titledByH1?: true;
}

/** Why a file was not indexed (a skip), or what the build changed in it (a warning). */
export interface SkippedFile {
  path: string;
  /**
   * Stable code (docs/troubleshooting.md explains each). Skips: `FRONT_MATTER_INVALID`,
   * `BINARY_CONTENT`, `UNREADABLE`, `PARSE_FAILED`, `NO_CONTENT`, `DUPLICATE_URL`, and with
   * `--html` `NO_BODY_MARKER`, `NOT_FOUND_PAGE`, `REDIRECT_PAGE`. Warnings: `SECTION_SPLIT`,
   * `LARGE_FILE`, `FACET_VALUES_DROPPED`.
   */
  code: string;
  reason: string;
}
