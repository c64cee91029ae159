/**
 * The element's public attributes, read: each one turned into the value the element uses, with
 * its default. What each attribute means is the element's contract, its JSDoc in recall-box.ts
 * (custom-elements.json is written from it); the defaults and the parsing of single values are
 * options.ts's. Every attribute the element reads is read here.
 */
import { parseShortcuts, type Shortcut } from './keyboard.ts';
import { filterParams, parseDebounce, parseFacets, parseMode, withChosenFilters, WIDGET_DEFAULTS } from './options.ts';
import { buildSearchUrl } from './search-client.ts';
import type { WidgetStrings } from './strings.ts';

/** Attributes whose change rewrites the box's fixed text: labels, placeholder, shortcut hints, the footer. */
export const TEXT_ATTRIBUTES: readonly string[] = ['mode', 'shortcut', 'label', 'placeholder', 'lang', 'no-recent'];

/** Attributes whose change renders the answer shown again. */
export const ANSWER_ATTRIBUTES: readonly string[] = ['confidence-badge', 'no-answer-card', 'no-highlight-param', 'facets', 'home'];

/**
 * A property set on the element before its definition loaded sits on the instance and hides the
 * accessor; moves each of `names` through the setter.
 */
export function upgradeProperties<T extends object>(host: T, names: ReadonlyArray<keyof T>): void {
  for (const name of names) {
    if (Object.hasOwn(host, name)) {
      const value = host[name];
      delete (host as Partial<T>)[name];
      host[name] = value;
    }
  }
}

/** Attribute `mode`: a button that opens a dialog (`modal`), else an input with a dropdown. */
export function isModal(host: Element): boolean {
  return parseMode(host.getAttribute('mode')) === 'modal';
}

/** The language of the strings: the element's `lang`, else its nearest ancestor's, else the document's. */
export function langOf(host: HTMLElement): string {
  return host.lang || host.closest('[lang]')?.getAttribute('lang') || host.ownerDocument.documentElement.lang || 'en';
}

/** Attribute `label`: the accessible name of the input and the dialog. */
export function labelOf(host: Element, s: WidgetStrings): string {
  return host.getAttribute('label') || s.label;
}

/** Attribute `placeholder`: the input's placeholder (an empty one is kept: no placeholder). */
export function placeholderOf(host: Element, s: WidgetStrings): string {
  return host.getAttribute('placeholder') ?? s.placeholder;
}

/** Attribute `debounce`: milliseconds of typing pause before a request is sent. */
export function debounceOf(host: Element): number {
  return parseDebounce(host.getAttribute('debounce'));
}

/** Attribute `shortcut`; without it, the modal's default shortcuts and none inline. A bad value is said on the console and gives none. */
export function shortcutsOf(host: Element): Shortcut[] {
  const value = host.getAttribute('shortcut') ?? (isModal(host) ? WIDGET_DEFAULTS.modalShortcut : '');
  try {
    return parseShortcuts(value);
  } catch (e) {
    // parseShortcuts throws an Error that names the bad shortcut.
    console.error((e as Error).message);
    return [];
  }
}

/** Attribute `no-recent` unset: recent searches and pinned results are kept and shown. */
export function keepsPersonal(host: Element): boolean {
  return !host.hasAttribute('no-recent');
}

/** Attribute `confidence-badge`: the badge shows the listed results' confidence. */
export function showsBadge(host: Element): boolean {
  return host.hasAttribute('confidence-badge');
}

/** Attribute `no-answer-card` unset: a confident answer shows its card. */
export function showsAnswerCard(host: Element): boolean {
  return !host.hasAttribute('no-answer-card');
}

/** Attribute `no-highlight-param` unset: result links carry their matched words. */
export function addsHighlightParam(host: Element): boolean {
  return !host.hasAttribute('no-highlight-param');
}

/** Attribute `facets`: the facets the filter control offers, in order. */
export function facetsOf(host: Element): string[] {
  return parseFacets(host.getAttribute('facets'));
}

/** Attribute `filter-<facet>`: the facet's preset value, or null. */
export function presetOf(host: Element, facet: string): string | null {
  return host.getAttribute(`filter-${facet}`);
}

/** Attribute `home`: the docs' start page, offered under a fallback that has nothing else to offer; else the default. */
export function homeOf(host: Element): string {
  return host.getAttribute('home') || WIDGET_DEFAULTS.startPage;
}

/** Attribute `endpoint`, else the default. */
export function endpointOf(host: Element): string {
  return host.getAttribute('endpoint') || WIDGET_DEFAULTS.endpoint;
}

/** The resolved endpoint, which names what is stored for this site (recent searches, pins, filter choices). */
export function siteKeyOf(host: Element): string {
  try {
    return new URL(endpointOf(host), host.ownerDocument.baseURI).href;
  } catch {
    // Not a URL: the search will report it; the raw attribute still names the lists.
    return endpointOf(host);
  }
}

/**
 * The request URL for `query` (`exact`: no correction), from the attributes, the reader's filter
 * choices (`chosen`, facet → value) and the `searchParams` property (`params`). An endpoint that is
 * not a URL is the page author's to fix, said on the console; it throws.
 */
export function requestUrlOf(host: Element, query: string, exact: boolean, chosen: () => Readonly<Record<string, string>>, params: Readonly<Record<string, string>>): string {
  try {
    // searchParams set by script win over the reader's filter choices, which win over the
    // filter-* attributes' presets. A filter control asks for the facet counts it shows.
    const shown = facetsOf(host);
    const filters = withChosenFilters(filterParams(host.attributes), shown, chosen());
    return buildSearchUrl(endpointOf(host), { query, exact, limit: host.getAttribute('limit'), lang: host.getAttribute('lang') }, host.ownerDocument.baseURI, {
      ...filters,
      ...(shown.length > 0 && { facets: '1' }),
      ...params,
    });
  } catch (e) {
    console.error(`recall-box: the endpoint attribute ${JSON.stringify(endpointOf(host))} is not a URL`);
    throw e;
  }
}
