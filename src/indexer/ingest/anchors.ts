/**
 * Heading anchors: GitHub-style slugs, unique within a page, honouring `{#custom-id}`.
 */
import GithubSlugger, { slug } from 'github-slugger';

export interface HeadingLabel {
  /** Heading text without a `{#custom-id}` suffix. */
  text: string;
  /**
   * The heading's own id, used as its anchor as is: an HTML heading's `id` attribute, or the
   * `{#custom-id}` a Markdown heading ends with.
   */
  customId?: string;
}

/**
 * `{#custom-id}` at the very end of a heading (VitePress, Docusaurus, markdown-it-attrs syntax).
 * Matched on the heading's plain text, not on Markdown source: the heading is already parsed.
 */
const CUSTOM_ID = /\s*\{#([^\s{}]+)\}\s*$/u;

export function splitCustomId(headingText: string): HeadingLabel {
  const match = CUSTOM_ID.exec(headingText);
  if (!match) return { text: headingText.trim() };
  return { text: headingText.slice(0, match.index).trim(), customId: match[1] };
}

/** Gives each heading of one page its anchor, in document order. */
export class Anchorer {
  private readonly slugger = new GithubSlugger();
  private readonly used = new Set<string>();

  /**
   * Every heading of the page must pass through here in order, including the ones that do not
   * start a section: the site numbers duplicates (`setup`, `setup-1`) over all of them, and the
   * anchors must match the site's.
   */
  anchor(label: HeadingLabel): string {
    if (label.customId !== undefined) return this.claim(label.customId);
    // '' is reserved for the page intro, so a heading without any sluggable character (emoji,
    // punctuation) gets a generic name instead of colliding with it.
    const source = slug(label.text) === '' ? 'section' : label.text;
    let anchor = this.slugger.slug(source);
    // A custom id may already hold the slug github-slugger gives; asking again yields the next one.
    while (this.used.has(anchor)) anchor = this.slugger.slug(source);
    this.used.add(anchor);
    return anchor;
  }

  private claim(anchor: string): string {
    let unique = anchor;
    for (let n = 1; this.used.has(unique); n++) unique = `${anchor}-${n}`;
    this.used.add(unique);
    return unique;
  }
}
