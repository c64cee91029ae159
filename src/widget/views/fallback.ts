/**
 * Building the DOM for the fallback: what the box shows instead of the results when the Worker is
 * not confident they answer the query. Like the results, every string from the response goes in
 * through `textContent` (via `el`/`append`) and every URL through `safeHref`.
 */
import { el } from '../dom.ts';
import { safeHref } from '../safe-href.ts';
import type { ConfidenceReason, SearchFallback } from '../search-client.ts';
import type { WidgetStrings } from '../strings.ts';

export interface FallbackActions {
  /** Runs a query suggestion: the box searches for `text`. */
  search(text: string): void;
  /** Reveals the closest matches; `null` when there are none to reveal (no button then). */
  showAnyway: (() => void) | null;
}

export interface RenderedFallback {
  /** The message and the reasons: text only, the part the widget also announces (assertively). */
  announced: Node[];
  /** Suggestions, the site's link and the "show anyway" button: the interactive part. */
  actions: Node[];
}

/**
 * The fallback's pieces. `reasons` are the reasons to list (the widget passes those that lower
 * confidence). `base` is the page URL that relative URLs resolve against, as for results.
 */
export function renderFallback(
  doc: Document,
  fallback: SearchFallback,
  reasons: readonly ConfidenceReason[],
  base: string,
  actions: FallbackActions,
  strings: Pick<WidgetStrings, 'suggestions' | 'showAnyway'>,
): RenderedFallback {
  const announced: Node[] = [el(doc, 'p', { part: 'fallback-message' }, [fallback.message])];
  if (reasons.length > 0) {
    announced.push(el(doc, 'ul', { part: 'reasons' }, reasons.map((r) => el(doc, 'li', { part: 'reason', 'data-code': r.code }, [r.message]))));
  }

  const out: Node[] = [];
  if (fallback.suggestions.length > 0) {
    const items = fallback.suggestions.map((s) => {
      let node: HTMLElement;
      if (s.kind === 'query') {
        node = el(doc, 'button', { part: 'suggestion', type: 'button', 'data-kind': 'query' }, [s.text], () => actions.search(s.text));
      } else {
        const href = safeHref(s.url, base);
        // A refused URL keeps its title as plain text, like an unlinked result.
        node =
          href === null
            ? el(doc, 'span', { part: 'suggestion unlinked', 'data-kind': 'page' }, [s.text])
            : el(doc, 'a', { part: 'suggestion', 'data-kind': 'page', href }, [s.text]);
      }
      return el(doc, 'li', {}, [node]);
    });
    out.push(el(doc, 'ul', { part: 'suggestions', 'aria-label': strings.suggestions }, items));
  }
  const linkHref = fallback.link ? safeHref(fallback.link.url, base) : null;
  // A contact link whose URL is refused has nothing left to offer, so it is left out.
  if (fallback.link && linkHref !== null) out.push(el(doc, 'a', { part: 'fallback-link', href: linkHref }, [fallback.link.text]));
  if (actions.showAnyway) out.push(el(doc, 'button', { part: 'show-anyway', type: 'button' }, [strings.showAnyway], actions.showAnyway));
  return { announced, actions: out };
}
