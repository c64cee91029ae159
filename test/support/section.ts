import type { Section } from '../../src/core/types.ts';

/** A section of `/guide/#setup` ("Guide › Setup", English, no text), with `over` applied. */
export function sectionOf(over: Partial<Section> = {}): Section {
  return {
    id: '/guide/#setup',
    url: '/guide/#setup',
    pageUrl: '/guide/',
    anchor: 'setup',
    title: 'Setup',
    breadcrumb: ['Guide', 'Setup'],
    depth: 2,
    lang: 'en',
    text: '',
    code: '',
    links: [],
    tags: [],
    description: '',
    ...over,
  };
}
