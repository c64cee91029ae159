/**
 * Huge sections cut into parts at paragraph boundaries (issue 19). A section is what a query
 * presents — its snippet and evidence are re-analysed per query — so one 20 MiB section made every
 * query that found it cost seconds. A part keeps its section's URL, title and breadcrumb (it is
 * the same heading's content; a result links to that heading), and gets an id of its own.
 */
import type { Section } from '../../core/types.ts';

/** The separator of a part's id from its section's: `/guide/#setup~2` is part 2 of `/guide/#setup`. */
export const PART_ID_SEPARATOR = '~';

/**
 * `text` cut into pieces of at most `max` characters: whole lines (a line of Section.text is a
 * paragraph, list item or table row), greedily; a line longer than `max` is cut at the last white
 * space before the bound, or at the bound in text without spaces. Joining the pieces with '\n'
 * gives back `text` except where a long line was cut at white space (that one character is the cut).
 */
export function splitLines(text: string, max: number): string[] {
  const pieces: string[] = [];
  let current = '';
  const flush = () => {
    if (current !== '') pieces.push(current);
    current = '';
  };
  for (let line of text.split('\n')) {
    while (line.length > max) {
      flush();
      const space = line.lastIndexOf(' ', max);
      const cut = space > 0 ? space : max;
      pieces.push(line.slice(0, cut));
      line = line.slice(space > 0 ? cut + 1 : cut);
    }
    if (current !== '' && current.length + 1 + line.length > max) flush();
    current = current === '' ? line : `${current}\n${line}`;
  }
  flush();
  return pieces;
}

/**
 * The section itself when its text and code fit in `maxChars` together, else its parts: the text's
 * pieces, then the code's, each at most `maxChars`. The first part keeps the section's id and its
 * links (the link graph counts a link once); the others are `<id>~2`, `<id>~3`, ….
 */
export function splitLargeSection(section: Section, maxChars: number): Section[] {
  if (section.text.length + section.code.length <= maxChars) return [section];
  const pieces = [
    ...splitLines(section.text, maxChars).map((text) => ({ text, code: '' })),
    ...splitLines(section.code, maxChars).map((code) => ({ text: '', code })),
  ];
  return pieces.map((piece, i) => ({
    ...section,
    ...piece,
    id: i === 0 ? section.id : `${section.id}${PART_ID_SEPARATOR}${i + 1}`,
    links: i === 0 ? section.links : [],
  }));
}
