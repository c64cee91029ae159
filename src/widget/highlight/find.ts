/**
 * Finding the terms in a section's text: case-insensitive, Unicode-aware substring matches inside
 * each text node (a match never spans two nodes, so it can be wrapped without moving elements).
 */

/**
 * Elements whose text is not prose the reader sees (script, style, noscript), or is theirs to edit
 * (form fields); SVG and MathML text, where an HTML `<mark>` would not render.
 */
const SKIPPED: ReadonlySet<string> = new Set(['script', 'style', 'noscript', 'template', 'textarea', 'input', 'select', 'svg', 'math']);

/**
 * Ranges over each occurrence of any of `terms` in `section`'s text, in document order, at most
 * `max` of them (the work stops there, however long the page). Where two terms match at one place,
 * the longer wins ("routes" over "route").
 */
export function findMatches(section: Range, terms: readonly string[], max: number): Range[] {
  const ranges: Range[] = [];
  const root = section.commonAncestorContainer;
  const doc = root.ownerDocument;
  if (terms.length === 0 || !doc || SKIPPED.has((root as Element).localName)) return ranges;
  const pattern = termPattern(terms);
  // Elements outside the section or in SKIPPED are rejected whole (their descendants are not visited).
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      !section.intersectsNode(node) || SKIPPED.has((node as Element).localName)
        ? NodeFilter.FILTER_REJECT
        : node.nodeType === Node.TEXT_NODE
          ? NodeFilter.FILTER_ACCEPT
          : NodeFilter.FILTER_SKIP,
  });
  for (let node = walker.nextNode(); node && ranges.length < max; node = walker.nextNode()) {
    for (const match of (node as Text).data.matchAll(pattern)) {
      const range = doc.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      ranges.push(range);
      if (ranges.length === max) break;
    }
  }
  return ranges;
}

/** One global, case-insensitive, Unicode regular expression matching any of `terms` literally, longest first. */
export function termPattern(terms: readonly string[]): RegExp {
  // An alternation takes the first alternative that matches at a position: longest first makes it the longest.
  const alternatives = [...terms].sort((a, b) => b.length - a.length).map((t) => t.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&'));
  return new RegExp(alternatives.join('|'), 'giu');
}
