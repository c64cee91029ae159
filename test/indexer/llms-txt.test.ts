import { describe, expect, it } from 'vitest';
import type { Page, Section } from '../../src/core/index.ts';
import type { PoolName } from '../../src/core/rank/pools.ts';
import { firstSentence, folderTitle, linkText, linkUrl, NOTE_MAX_CHARS, planLlms, renderLlmsTxt } from '../../src/indexer/llms-txt.ts';
import { renderLlmsFull } from '../../src/indexer/llms-full.ts';
import { llmsFiles } from '../../src/indexer/llms-files.ts';
import { sectionOf } from '../support/section.ts';

/** A page of one intro section (and `more` after it). */
function pageOf(url: string, title: string, over: { lang?: string; description?: string; text?: string; more?: Partial<Section>[] } = {}): Page {
  const lang = over.lang ?? 'en';
  const intro = sectionOf({ id: url, url, pageUrl: url, anchor: '', title, breadcrumb: [title], depth: 1, lang, text: over.text ?? '', description: over.description ?? '' });
  const more = (over.more ?? []).map((s) => sectionOf({ pageUrl: url, lang, breadcrumb: [title, s.title ?? ''], description: over.description ?? '', ...s }));
  return { path: url, url, title, lang, description: over.description ?? '', tags: [], sections: [intro, ...more] };
}

const SITE: Page[] = [
  pageOf('/', 'Skylark', { description: 'A small web framework.' }),
  pageOf('/getting-started/', 'Getting started', { text: 'Install it first. Then run it.' }),
  pageOf('/guides/', 'How-to guides', { description: 'Task-oriented guides.' }),
  pageOf('/guides/routing/', 'Routing', { description: 'Map URLs to handlers.' }),
  pageOf('/reference/api/', 'API', { description: 'Every export.' }),
  pageOf('/reference/errors/not-found/', 'NotFound', { description: 'No route matched.' }),
  pageOf('/guides/upgrade-to/v2/', 'Upgrade to v2', { description: 'From v1.' }),
  pageOf('/ja/guides/routing/', 'ルーティング', { lang: 'ja', description: 'URL をハンドラーに。' }),
];
const POOLS: Record<string, PoolName> = { '/guides/upgrade-to/v2/': 'negative' };
const poolOf = (p: Page) => POOLS[p.url] ?? 'knowledge';
const plan = planLlms(SITE, { lang: 'en', languages: ['en', 'ja'], poolOf });

describe('planLlms', () => {
  it('titles the site by its home page and groups the rest by their first folder, each titled by the folder\'s own page or its name', () => {
    expect(plan.title).toBe('Skylark');
    expect(plan.summary).toBe('A small web framework.');
    expect(plan.groups.map((g) => [g.title, g.pages.map((p) => p.page.url)])).toEqual([
      // Pages in no folder of their own: the home page and /getting-started/.
      ['Docs', ['/', '/getting-started/']],
      // /guides/ is the folder's own page: it titles the group and comes first.
      ['How-to guides', ['/guides/', '/guides/routing/']],
      // No /reference/ page: the folder's name, and a deeper page stays in its first folder's group.
      ['Reference', ['/reference/api/', '/reference/errors/not-found/']],
    ]);
  });

  it('puts the pages the pool rules call outdated under Optional, and lists only the default language', () => {
    expect(plan.optional.map((p) => p.page.url)).toEqual(['/guides/upgrade-to/v2/']);
    expect(plan.otherLanguages).toEqual(['ja']);
    const all = [...plan.groups.flatMap((g) => g.pages), ...plan.optional].map((p) => p.page.url);
    expect(all).not.toContain('/ja/guides/routing/');
  });

  it('groups below the folder every page shares: an English site under /en/ is not one group called En', () => {
    const en = planLlms([pageOf('/en/', 'Home'), pageOf('/en/guides/a/', 'A'), pageOf('/en/guides/b/', 'B'), pageOf('/en/about/', 'About')], { lang: 'en', languages: ['en'], poolOf });
    expect(en.title).toBe('Home');
    expect(en.groups.map((g) => [g.title, g.pages.map((p) => p.page.url)])).toEqual([
      ['Docs', ['/en/', '/en/about/']],
      ['Guides', ['/en/guides/a/', '/en/guides/b/']],
    ]);
  });

  it('takes the site\'s own title and summary over the home page\'s', () => {
    const own = planLlms(SITE, { lang: 'en', languages: ['en'], poolOf, title: 'Skylark Docs', summary: 'Everything\nabout Skylark.' });
    expect([own.title, own.summary]).toEqual(['Skylark Docs', 'Everything about Skylark.']);
  });

  it('takes the shortest URL for the home page when none is at the root, and its first sentence when it has no description', () => {
    const p = planLlms([pageOf('/docs/b/', 'B'), pageOf('/docs/', 'Docs home', { text: 'One. Two.' })], { lang: 'en', languages: ['en'], poolOf });
    expect(p.title).toBe('Docs home');
    expect(p.summary).toBe('One.');
  });
});

describe('renderLlmsTxt', () => {
  const text = renderLlmsTxt(plan, { pages: 7, of: 7 });
  const lines = text.split('\n');

  it('follows the llms.txt format: H1, blockquote, details, H2 sections of links, Optional last', () => {
    expect(lines[0]).toBe('# Skylark');
    expect(lines[2]).toBe('> A small web framework.');
    expect(lines[4]).toContain('`.md` appended');
    expect(lines[4]).toContain('holds all 7 of them');
    expect(lines[4]).toContain('Pages in ja are not listed');
    expect(lines.filter((l) => l.startsWith('## '))).toEqual(['## Docs', '## How-to guides', '## Reference', '## Optional']);
    expect(text.endsWith('\n')).toBe(true);
  });

  it('links each page\'s Markdown URL, with its description or first sentence as the note, or none', () => {
    expect(lines).toContain('- [Routing](/guides/routing/index.html.md): Map URLs to handlers.');
    expect(lines).toContain('- [Skylark](/index.html.md): A small web framework.');
    expect(lines).toContain('- [Getting started](/getting-started/index.html.md): Install it first.');
    const bare = renderLlmsTxt(planLlms([pageOf('/a', 'A')], { lang: 'en', languages: ['en'], poolOf }), { pages: 1, of: 1 });
    expect(bare).toContain('\n- [A](/a.md)\n');
  });

  it('says when llms-full.txt holds only the first pages', () => {
    expect(renderLlmsTxt(plan, { pages: 3, of: 7 })).toContain('holds the first 3 of them');
  });

  it('keeps a title with brackets, parentheses or newlines one link, and its URL one destination', () => {
    const odd = pageOf('/api/(group)/x y/', 'The [beta] API\n(v2) \\ more', { description: 'Line one\nline two.' });
    const out = renderLlmsTxt(planLlms([odd], { lang: 'en', languages: ['en'], poolOf }), { pages: 1, of: 1 });
    expect(out).toContain('- [The \\[beta\\] API (v2) \\\\ more](/api/%28group%29/x%20y/index.html.md): Line one line two.\n');
  });
});

describe('the link pieces', () => {
  it('escapes what would end or escape a link text, and encodes what would end a destination', () => {
    expect(linkText('a [b] \\ c')).toBe('a \\[b\\] \\\\ c');
    expect(linkUrl('/a (b)/ü/')).toBe('/a%20%28b%29/%C3%BC/');
  });

  it('cuts a first sentence at a word, within its bound', () => {
    expect(firstSentence('First sentence. Second.\nNext paragraph.', 100)).toBe('First sentence.');
    expect(firstSentence('最初の文。次の文。', 100)).toBe('最初の文。');
    const long = firstSentence(`${'word '.repeat(100)}end.`, NOTE_MAX_CHARS);
    expect(long.length).toBeLessThanOrEqual(NOTE_MAX_CHARS);
    expect(long.endsWith('word…')).toBe(true);
  });

  it('makes a folder name a heading', () => {
    expect(folderTitle('getting-started')).toBe('Getting started');
    expect(folderTitle('api_v2')).toBe('Api v2');
  });
});

describe('renderLlmsFull', () => {
  it('holds every listed page in llms.txt\'s order, each after a block naming its URL, as the core renders it', () => {
    const full = renderLlmsFull(plan);
    expect(full.pages).toBe(7);
    expect(full.of).toBe(7);
    expect(full.text.startsWith('# Skylark\n\n> A small web framework.\n\n---\nurl: /\n---\n\n# Skylark\n')).toBe(true);
    const urls = [...full.text.matchAll(/^url: (.*)$/gm)].map((m) => m[1]);
    expect(urls).toEqual(['/', '/getting-started/', '/guides/', '/guides/routing/', '/reference/api/', '/reference/errors/not-found/', '/guides/upgrade-to/v2/']);
    expect(full.text).not.toContain('ルーティング');
  });

  it('stops before the page that would pass its bound, never in the middle of one', () => {
    const whole = renderLlmsFull(plan);
    const cut = renderLlmsFull(plan, Buffer.byteLength(whole.text) - 1);
    expect(cut.pages).toBe(6);
    expect(cut.of).toBe(7);
    expect(whole.text.startsWith(cut.text)).toBe(true);
    expect(cut.text).not.toContain('url: /guides/upgrade-to/v2/');
  });
});

describe('llmsFiles', () => {
  it('names the pack files and sums them up for the build summary', () => {
    const { files, summary } = llmsFiles(SITE, { lang: 'en', languages: ['en', 'ja'], poolOf });
    expect(Object.keys(files)).toEqual(['llms.txt', 'llms-full.txt']);
    expect(summary).toEqual({ lang: 'en', pages: 7, groups: 3, fullPages: 7, bytes: { llms: Buffer.byteLength(files['llms.txt']!), full: Buffer.byteLength(files['llms-full.txt']!) } });
  });
});
