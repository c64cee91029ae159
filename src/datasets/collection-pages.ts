/**
 * How evaluation documents become recall-box pages, so that recall-box indexes them through the
 * production build (`assemblePack`) rather than a shortcut.
 *
 * A docs dataset carries the section ingest really produced (`doc.section`): it is used unchanged,
 * so the evaluation measures exactly what production would index. A collection without sections
 * (SMART, BEIR) gets one synthesised section per document whose searchable fields
 * (`sectionFields`) come out as title → title, headings → headings, body → body: the same fields
 * the peers are given.
 */
import type { Page, Section } from '../core/index.ts';
import type { EvalDoc } from './types.ts';

/** The section recall-box indexes for one evaluation document. */
export function sectionOf(doc: EvalDoc): Section {
  if (doc.section) return doc.section;
  const url = `/${doc.id}/`;
  const hasHeading = doc.headings !== '';
  return {
    id: doc.id,
    url,
    pageUrl: url,
    anchor: '',
    // Section.title is the section's own heading; the page title for a section without one.
    title: hasHeading ? doc.headings : doc.title,
    breadcrumb: hasHeading ? [doc.title, doc.headings] : [doc.title],
    // Depth 1 is a page intro, which alone would carry a page description; none exists here.
    depth: hasHeading ? 2 : 1,
    lang: doc.lang,
    text: doc.body,
    code: '',
    links: [],
    tags: [],
    description: '',
  };
}

/**
 * Pages holding the documents' sections in document order: consecutive sections of one page URL
 * form one page, as ingest emits them.
 */
export function evalPages(docs: readonly EvalDoc[]): Page[] {
  const pages: Page[] = [];
  for (const doc of docs) {
    const section = sectionOf(doc);
    const last = pages[pages.length - 1];
    if (last && last.url === section.pageUrl) {
      last.sections.push(section);
      continue;
    }
    pages.push({
      path: section.pageUrl,
      url: section.pageUrl,
      title: section.breadcrumb[0] ?? section.title,
      lang: section.lang,
      description: section.description,
      tags: section.tags,
      sections: [section],
    });
  }
  return pages;
}
