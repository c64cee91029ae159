/**
 * Fuzz test of the build (issue 20): random docs folders — Markdown, MDX and HTML with random
 * headings, nesting, unbalanced fences and tags, front matter garbage, random bytes, invalid UTF-8
 * and NUL — built as `recall-box build <docs> --out <pack> --no-vectors` builds them (buildPack
 * without embeddings, then the CLI's summary). Whatever the docs, the build must finish, account
 * for every file (indexed, or skipped with a code naming it), and write a pack that loads, whole
 * and lazily, and answers searches.
 *
 * The random folders keep nesting and delimiter runs to depths the parsers handle in milliseconds;
 * huge lines and deep nesting are the fixed folders after them, one build each. A failing run
 * prints fast-check's seed and the shrunk folder; pass `{ seed, path }` to fc.assert to replay it.
 * RECALL_BOX_FUZZ_RUNS=3000 runs more random builds than CI does (3,000 took 81 s on two cores).
 */
import fc from 'fast-check';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSummary } from '../../src/cli/main.ts';
import { everySection } from '../../src/core/pack/section-store.ts';
import { loadPack } from '../../src/core/pack/load.ts';
import { DEFAULT_SEARCH_OPTIONS } from '../../src/core/search/options.ts';
import { search, searchPack } from '../../src/core/search/search.ts';
import { buildPack, type BuildSummary } from '../../src/indexer/build-pack.ts';
import { fsPackSource } from '../../src/indexer/fs-source.ts';
import { urlForPath } from '../../src/indexer/ingest/urls.ts';

// ---------------------------------------------------------------------------------------------
// Generators

const WORDS = ['route', 'cache', 'deploy', 'Worker', 'c.json()', 'snake_case', '404', 'café', 'naïve', '路由', '配置', 'ルート', 'Привет', 'مرحبا'];

/** Characters and snippets that mean something to one of the parsers, or to Unicode handling. */
const MARKUP = [
  '*', '**', '_', '`', '``', '~~', '[', ']', '](', ')', '![', '<', '>', '</', '/>', '{', '}', '{#', '#', '|', ':', ':::', '\\',
  '&amp;', '&#0;', '&#xD800;', '&nbsp', '<!--', '-->', '[^1]', '$$', 'http://x.y/', 'www.x.y', 'javascript:x', '<br>', '\t',
  '\r', '\u2028', '\u0085', '\ufeff', '\u200b', '\u202e', '🚀', 'e\u0301', '\uffff',
];

const token = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...WORDS) },
  { weight: 3, arbitrary: fc.constantFrom(...MARKUP) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 3 }) },
);

const inline = fc.tuple(fc.array(token, { maxLength: 10 }), fc.constantFrom(' ', '', '  ')).map(([tokens, sep]) => tokens.join(sep));

/** Markdown lines (or several lines) that open, close or nest something. */
const heading = fc
  .tuple(fc.integer({ min: 1, max: 7 }), inline, fc.option(fc.string({ maxLength: 8 }), { nil: undefined }))
  .map(([level, text, id]) => `${'#'.repeat(level)} ${text}${id === undefined ? '' : ` {#${id}}`}`);

const setextHeading = fc.tuple(inline, fc.constantFrom('===', '---', '=')).map(([text, line]) => `${text}\n${line}`);

const fence = fc
  .tuple(fc.constantFrom('```', '~~~', '````', '``'), fc.constantFrom('', 'ts', 'js {1,3}', '{'), fc.array(inline, { maxLength: 4 }), fc.constantFrom('```', '~~~', '', '````'))
  .map(([open, info, lines, close]) => [`${open}${info}`, ...lines, close].join('\n'));

const list = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.constantFrom('-', '*', '+', '1.', '2)'), inline), { minLength: 1, maxLength: 12 })
  .map((items) => items.map(([depth, marker, text]) => `${'  '.repeat(depth)}${marker} ${text}`).join('\n'));

const quote = fc.tuple(fc.integer({ min: 1, max: 60 }), inline).map(([depth, text]) => `${'> '.repeat(depth)}${text}`);

/**
 * Tags, and a few JSX components. An unclosed `pre`, `script`, `style` or `template` makes the
 * rest of a Markdown page one HTML block, so those open only shallow nests: deep nests of them
 * would leave most pages with nothing after the first tag block.
 */
const BLOCK_TAGS = ['div', 'span', 'p', 'h1', 'h2', 'h3', 'h6', 'a', 'main', 'article', 'nav', 'details', 'summary', 'table', 'tr', 'td', 'ul', 'li', 'code', 'aside', 'br', 'img', 'Aside', 'Steps', 'Card'];
const RAW_TEXT_TAGS = ['pre', 'script', 'style', 'template', 'svg', 'textarea'];

const attribute = fc.oneof(
  fc.constant(''),
  fc.string({ maxLength: 8 }).map((v) => ` id="${v.replace(/"/g, '&quot;')}"`),
  fc.constantFrom(' href="#x"', ' href="../guide/"', ' href="javascript:alert(1)"', ' class="header-anchor"', ' type="tip"', ' title={x}', ' {...props}', ' id=unquoted', ' id="'),
);

/** Nested tags around some text, each closed or not: unbalanced HTML (and JSX, for MDX). */
function nestedTags(names: readonly string[], maxDepth: number): fc.Arbitrary<string> {
  return fc.tuple(fc.array(fc.tuple(fc.constantFrom(...names), attribute, fc.boolean()), { minLength: 1, maxLength: maxDepth }), inline).map(([opened, text]) => {
    const open = opened.map(([tag, attr]) => `<${tag}${attr}>`).join('');
    const close = opened.filter(([, , closed]) => closed).reverse().map(([tag]) => `</${tag}>`).join('');
    return `${open}${text}${close}`;
  });
}

const tags = fc.oneof(nestedTags(BLOCK_TAGS, 60), nestedTags([...BLOCK_TAGS, ...RAW_TEXT_TAGS], 4));

const mdx = fc.constantFrom(
  "import { Aside } from '@astrojs/starlight/components';",
  'export const meta = { title: "x" ',
  'export default function Layout({ children }) { return children }',
  '{frontmatter.title}',
  '{/* a comment */}',
  '{',
  '}',
  '<Foo bar={{ a: 1 }} />',
  '<LinkCard href="/guides/routing/" title="Routing" />',
  '</Steps>',
  '<>fragment</>',
);

const directive = fc.tuple(fc.constantFrom(':::note', '::: tip Custom title', ':::', '::note[x]{.y}', ':::danger{title="x"'), inline).map(([d, text]) => `${d}\n${text}`);

const table = fc.array(fc.array(inline, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }).map((rows) =>
  [`| ${rows[0]!.join(' | ')} |`, `|${rows[0]!.map(() => '---').join('|')}|`, ...rows.slice(1).map((r) => `| ${r.join(' | ')} |`)].join('\n'),
);

const delimiterRun = fc.tuple(fc.constantFrom('*', '_', '`', '[', ']', '<', '{', '~', '#', '|', '-', '!['), fc.integer({ min: 1, max: 200 })).map(([c, n]) => c.repeat(n));

const block = fc.oneof(
  { weight: 3, arbitrary: heading },
  { weight: 4, arbitrary: inline },
  { weight: 1, arbitrary: setextHeading },
  { weight: 1, arbitrary: fence },
  { weight: 1, arbitrary: list },
  { weight: 1, arbitrary: quote },
  { weight: 2, arbitrary: tags },
  { weight: 1, arbitrary: mdx },
  { weight: 1, arbitrary: directive },
  { weight: 1, arbitrary: table },
  { weight: 1, arbitrary: delimiterRun },
);

/** Front matter: valid, of the wrong shape, broken YAML, or never closed. */
const frontMatter = fc.oneof(
  fc.constant(''),
  inline.map((title) => `---\ntitle: ${JSON.stringify(title)}\ntags: [guide, x]\nlang: zh-CN\ndescription: d\n---\n`),
  fc.constantFrom(
    '---\n: : [\n---\n',
    '---\ntitle: [a\n---\n',
    '---\na: &a [*a]\n---\n',
    '---\n- a list\n---\n',
    '---\ntitle: [1, 2]\nlang: 42\ntags: {a: 1}\n---\n',
    '---\nlang: "not a tag!"\n---\n',
    '---\n\ttitle: tab\n---\n',
    '---\ntitle: unterminated\n',
    '---\n---\n',
    '+++\ntitle = "toml"\n+++\n',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }).map((garbage) => `---\n${garbage}\n---\n`),
);

const markdownSource = fc
  .tuple(frontMatter, fc.array(block, { maxLength: 20 }), fc.constantFrom('\n\n', '\n', '\r\n', '\r\n\r\n'))
  .map(([front, blocks, sep]) => front + blocks.join(sep));

/** An HTML page: maybe a full document with head and a content container, maybe a fragment. */
const htmlSource = fc
  .tuple(fc.boolean(), inline, fc.constantFrom('main', 'article', 'body', 'div'), fc.array(fc.oneof(tags, inline, heading), { maxLength: 10 }))
  .map(([full, title, container, parts]) => {
    const body = parts.join('\n');
    return full
      ? `<!doctype html><html lang="en"><head><title>${title}</title><meta name="description" content="${title}"></head><body><${container}>${body}</${container}></body></html>`
      : body;
  });

/** A byte sequence that is not UTF-8. */
const INVALID_UTF8: readonly number[][] = [[0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xc0, 0xaf], [0xe2, 0x82]];

const encoder = new TextEncoder();

/** File content: a document, the document with invalid UTF-8 or a NUL spliced in, or random bytes. */
function fileBytes(source: fc.Arbitrary<string>): fc.Arbitrary<Uint8Array> {
  return fc.oneof(
    { weight: 6, arbitrary: source.map((s) => encoder.encode(s)) },
    {
      weight: 1,
      arbitrary: fc.tuple(source, fc.constantFrom(...INVALID_UTF8, [0]), fc.nat()).map(([s, bad, at]) => {
        const bytes = encoder.encode(s);
        const cut = bytes.length === 0 ? 0 : at % bytes.length;
        return Uint8Array.from([...bytes.subarray(0, cut), ...bad, ...bytes.subarray(cut)]);
      }),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }) },
  );
}

const FOLDERS = ['', 'guides/', 'zh-cn/', 'ja/guides/', 'a b/', 'ünï/'];
const STEMS = ['index', 'routing', 'a b', 'ümlaut', '路由', 'x.y', '-', 'README'];

interface DocFile {
  path: string;
  bytes: Uint8Array;
}

const docFile: fc.Arbitrary<DocFile> = fc
  .tuple(fc.constantFrom(...FOLDERS), fc.constantFrom(...STEMS), fc.constantFrom('.md', '.mdx', '.html', '.htm', '.MD'))
  .chain(([folder, stem, ext]) => {
    const source = ext.startsWith('.htm') ? fc.oneof(htmlSource, markdownSource) : markdownSource;
    return fileBytes(source).map((bytes) => ({ path: `${folder}${stem}${ext}`, bytes }));
  });

const docsFolder = fc.uniqueArray(docFile, { minLength: 1, maxLength: 5, selector: (f) => f.path });

const query = fc.oneof(fc.constantFrom(...WORDS), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).filter((q) => q.trim() !== ''));

// ---------------------------------------------------------------------------------------------
// The build and what it must give

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Whether the build can read the bytes as text at all: UTF-8 without NUL. */
function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

async function writeFolder(dir: string, files: readonly DocFile[]): Promise<void> {
  for (const file of files) {
    await mkdir(path.dirname(path.join(dir, file.path)), { recursive: true });
    await writeFile(path.join(dir, file.path), file.bytes);
  }
}

/** What `recall-box build --no-vectors` runs: the build, then its summary for the terminal. */
async function build(docs: string, out: string): Promise<BuildSummary> {
  const summary = await buildPack(docs, out, { embedding: false });
  expect(formatSummary(summary)).toContain(`files skipped: ${summary.skipped.length}`);
  return summary;
}

/**
 * Every file is counted; each one skipped is named once, and non-UTF-8 or NUL ones as
 * BINARY_CONTENT; warnings name indexed files; the pages the summary counts are exactly the files
 * not skipped (so none is dropped silently). Returns the page URLs those files map to.
 */
function checkAccounting(summary: BuildSummary, files: readonly DocFile[]): Set<string> {
  const written = new Set(files.map((f) => f.path));
  const skipped = new Map(summary.skipped.map((s) => [s.path, s.code]));
  expect(summary.files).toBe(files.length);
  expect(skipped.size, 'a file skipped twice').toBe(summary.skipped.length);
  for (const path of skipped.keys()) expect(written.has(path), `skipped ${path}, which is not a file of the folder`).toBe(true);
  for (const file of files.filter((f) => !isText(f.bytes))) expect(skipped.get(file.path), file.path).toBe('BINARY_CONTENT');
  const indexed = files.filter((f) => !skipped.has(f.path));
  for (const w of summary.warnings) expect(indexed.some((f) => f.path === w.path), `warning for ${w.path}`).toBe(true);
  expect(summary.pages).toBe(indexed.length);
  return new Set(indexed.map((f) => urlForPath(f.path)));
}

/**
 * The pack loads whole and lazily, holds exactly `pageUrls` with URLs that lead to their anchors, and
 * answers each query, read whole (searchPack) and lazily as the Worker reads it (search), with
 * results of its own sections.
 */
async function checkPack(out: string, pageUrls: ReadonlySet<string>, queries: readonly string[]): Promise<void> {
  const whole = await loadPack(fsPackSource(out));
  expect(whole.manifest.counts.pages).toBe(pageUrls.size);
  const sections = everySection(whole.sections);
  expect(new Set(sections.map((s) => s.pageUrl))).toEqual(pageUrls);
  for (const s of sections) {
    // The link reaches the heading: a browser percent-decodes the fragment to find the element id.
    const fragment = new URL(s.url, 'https://example.com').hash.slice(1);
    expect(decodeURIComponent(fragment), s.url).toBe(s.anchor);
  }
  const urls = new Set(sections.map((s) => s.url));

  const lazy = await loadPack(fsPackSource(out), { read: 'lazy' });
  for (const q of queries) {
    const request = { q, limit: 5, lang: null };
    const read = searchPack(whole, request, DEFAULT_SEARCH_OPTIONS).results;
    const served = (await search(lazy, request, DEFAULT_SEARCH_OPTIONS)).results;
    expect(read.length).toBeLessThanOrEqual(5);
    for (const r of [...read, ...served]) expect(urls.has(r.url), r.url).toBe(true);
  }
}

/** Writes `files` to a fresh folder under `root`, builds it, and checks the summary and the pack. */
async function buildAndCheck(files: readonly DocFile[], queries: readonly string[]): Promise<BuildSummary> {
  const run = await mkdtemp(path.join(root, 'run-'));
  try {
    const docs = path.join(run, 'docs');
    const out = path.join(run, 'pack');
    await writeFolder(docs, files);
    const summary = await build(docs, out);
    await checkPack(out, checkAccounting(summary, files), queries);
    return summary;
  } finally {
    await rm(run, { recursive: true, force: true });
  }
}

const text = (path: string, content: string): DocFile => ({ path, bytes: encoder.encode(content) });

/** Random folders built per test run; CI's default keeps this file within seconds. */
const RUNS = Number(process.env.RECALL_BOX_FUZZ_RUNS ?? 60);

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'recall-box-build-fuzz-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('build fuzz', () => {
  it('builds any folder of random docs: every file indexed or reported, a pack that loads and answers', async () => {
    await fc.assert(
      fc.asyncProperty(docsFolder, fc.array(query, { minLength: 1, maxLength: 3 }), async (files, queries) => {
        await buildAndCheck(files, queries);
      }),
      { numRuns: RUNS },
    );
  }, Math.max(60_000, RUNS * 1_000));

  it('builds pages with 200,000-character lines, and a page over 1 MiB of them', async () => {
    const long = (unit: string, chars = 200_000) => unit.repeat(Math.ceil(chars / unit.length));
    // Over IngestOptions.maxParseChars (1 MiB): read line by line, whose patterns must stay linear.
    const overMiB = [long('['), `# a${long(' ')}b`, long('[x]('), `a${long(' \t| ')}b`, `## ${long('#')}`, long('<'), '```', long('code ')].join('\n');
    const summary = await buildAndCheck(
      [
        text('words.md', `# Words\n\n${long('route cache ')}\n`),
        text('no-spaces.md', `# No spaces\n\n${long('x')}\n`),
        text('heading.mdx', `Intro.\n\n## ${long('deploy ')}\n\nUnder it.\n`),
        text('front-matter.md', `---\ntitle: ${long('t')}\ndescription: ${long('d ')}\n---\n\nBody.\n`),
        text('attribute.html', `<main><h1>Attr</h1><p title="${long('a')}">Body.</p><h2 id="${long('i')}">Id</h2><p>x</p></main>`),
        text('zh-cn/cjk.md', `# 路由\n\n${long('路由配置')}\n`),
        text('over-1-mib.md', overMiB),
      ],
      ['route deploy', '路由'],
    );
    // Nothing in these files is wrong, only long: each one is indexed.
    expect(summary.skipped).toEqual([]);
    expect(summary.warnings).toContainEqual(expect.objectContaining({ path: 'over-1-mib.md', code: 'LARGE_FILE' }));
  }, 60_000);

  it('builds pages nested thousands deep: each one indexed, or skipped as PARSE_FAILED naming it', async () => {
    const summary = await buildAndCheck(
      [
        text('divs.html', `<main>${'<div>'.repeat(5000)}deep text</main>`),
        text('spans.md', `${'<span>'.repeat(2000)}deep text\n`),
        text('quotes.md', `${'> '.repeat(3000)}deep text\n`),
        text('list.md', `${'- '.repeat(300)}deep text\n`),
        text('nested-list.md', Array.from({ length: 60 }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n')),
        text('jsx.mdx', `${'<Steps>'.repeat(500)}deep text\n`),
        text('brackets.md', `${'['.repeat(1000)}deep text${']'.repeat(1000)}\n`),
        text('emphasis.md', `${'*'.repeat(500)}deep text${'*'.repeat(500)}\n`),
        text('good.md', '# Good\n\nThe quokka page.\n'),
      ],
      ['deep text', 'quokka'],
    );
    for (const s of summary.skipped) expect([s.path, s.code]).toEqual([s.path, 'PARSE_FAILED']);
    expect(summary.skipped.map((s) => s.path)).not.toContain('good.md');
  }, 60_000);
});
