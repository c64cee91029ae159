import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../../../src/core/analysis/fold.ts';
import {
  DEFAULT_ANALYZER_OPTIONS,
  identifierParts,
  intlSegmenterFor,
  noSegmenter,
  segment,
  segmentWith,
  terms,
  type SegmenterFactory,
  type Token,
} from '../../../src/core/analysis/segment.ts';

/** Tokens as `term@source-span`, which pins term and offsets in one readable string. */
function spans(text: string, lang = 'en', options = {}): string[] {
  return segment(text, lang, options).map((t) => `${t.term}@${text.slice(t.start, t.end)}`);
}

const RAW = { stem: false, stopWords: false };

describe('defaults', () => {
  it('stems, drops stop words and splits identifiers by default', () => {
    expect(DEFAULT_ANALYZER_OPTIONS).toEqual({ stem: true, stopWords: true, splitIdentifiers: true });
  });

  it('treats an explicitly undefined option as the default', () => {
    expect(terms('the routes', 'en', { stem: undefined, stopWords: undefined })).toEqual(['rout']);
  });

  it('terms() is the term list of segment()', () => {
    const text = 'Use getStaticPaths() to 配置路由';
    expect(terms(text, 'en')).toEqual(segment(text, 'en').map((t) => t.term));
  });
});

describe('English', () => {
  it('Porter-stems words so inflections meet', () => {
    expect(terms('routing routes routed', 'en')).toEqual(['rout', 'rout', 'rout']);
    expect(terms('Paths', 'en')).toEqual(['path']);
  });

  it('drops stop words before stemming', () => {
    expect(terms('How to configure the routing', 'en')).toEqual(['configur', 'rout']);
  });

  it('keeps get and let, which the lunr list drops but docs need', () => {
    expect(terms('get let', 'en')).toEqual(['get', 'let']);
  });

  it('applies to regional English tags', () => {
    expect(terms('the routes', 'en-US')).toEqual(['rout']);
    expect(terms('the routes', 'en-gb')).toEqual(['rout']);
  });

  it('can switch stemming and stop words off', () => {
    expect(terms('the routes', 'en', { stem: false })).toEqual(['routes']);
    expect(terms('the routes', 'en', { stopWords: false })).toEqual(['the', 'rout']);
  });

  it('drops English clitics instead of indexing one-letter terms', () => {
    expect(spans("Astro's config doesn't")).toEqual(['astro@Astro', 'config@config', 'doesn@doesn']);
    expect(spans('Astro’s')).toEqual(['astro@Astro']);
  });

  it('leaves other Latin languages unstemmed, un-stop-worded and their apostrophes alone', () => {
    expect(terms('les routes', 'fr')).toEqual(['les', 'routes']);
    expect(terms("l'application", 'fr')).toEqual(['l', 'application']);
    expect(terms('the routes', 'de')).toEqual(['the', 'routes']);
  });
});

describe('identifiers', () => {
  it('splits camelCase and keeps the whole identifier, stemmed like the same letters typed as one word', () => {
    expect(spans('getStaticPaths')).toEqual([
      'getstaticpath@getStaticPaths',
      'get@get',
      'static@Static',
      'path@Paths',
    ]);
  });

  it('gives a lower-case API name typed as one word the same term as the camelCase identifier', () => {
    const [whole] = terms('getStaticPaths', 'en');
    expect(terms('getstaticpaths', 'en')).toEqual([whole]);
    expect(terms('GETSTATICPATHS', 'en')).toEqual([whole]);
  });

  it('never drops a whole identifier as a stop word', () => {
    expect(terms('this.env', 'en')).toContain('this.env');
  });

  it('splits dotted member access', () => {
    expect(spans('c.json()')).toEqual(['c.json@c.json', 'c@c', 'json@json']);
  });

  it('splits snake_case and kebab-case', () => {
    expect(spans('snake_case')).toEqual(['snake_case@snake_case', 'snake@snake', 'case@case']);
    expect(spans('kebab-case')).toEqual(['kebab-case@kebab-case', 'kebab@kebab', 'case@case']);
  });

  it('splits acronyms at the start of the next capitalised word', () => {
    expect(spans('HTTPServer')).toEqual(['httpserver@HTTPServer', 'http@HTTP', 'server@Server']);
    expect(spans('XMLHttpRequest')).toEqual([
      'xmlhttprequest@XMLHttpRequest',
      'xml@XML',
      'http@Http',
      'request@Request',
    ]);
  });

  it('keeps digits with the letters before them', () => {
    expect(spans('HTTP2Server')).toEqual(['http2server@HTTP2Server', 'http2@HTTP2', 'server@Server']);
    expect(spans('base64Encode', 'en', RAW)).toEqual([
      'base64encode@base64Encode',
      'base64@base64',
      'encode@Encode',
    ]);
  });

  it('keeps an acronym plural as one word', () => {
    expect(spans('URLs APIs')).toEqual(['url@URLs', 'api@APIs']);
    expect(spans('getURLsFor', 'en', RAW)).toEqual([
      'geturlsfor@getURLsFor',
      'get@get',
      'urls@URLs',
      'for@For',
    ]);
  });

  it('emits a plain word once, with no whole/part duplicate', () => {
    expect(spans('Astro')).toEqual(['astro@Astro']);
    expect(spans('HTTP')).toEqual(['http@HTTP']);
    expect(spans('vue3')).toEqual(['vue3@vue3']);
  });

  it('never drops the whole identifier as a stop word, only its stop-word parts', () => {
    expect(spans('this.env')).toEqual(['this.env@this.env', 'env@env']);
    expect(spans('the-end', 'en', { stem: false })).toEqual(['the-end@the-end', 'end@end']);
  });

  it('joins module specifiers and paths with : and ::', () => {
    expect(spans('astro:content')).toEqual(['astro:content@astro:content', 'astro@astro', 'content@content']);
    expect(spans('std::fs')).toEqual(['std::fs@std::fs', 'std@std', 'fs@fs']);
  });

  it('splits on $ and leading underscores, keeping them in the whole', () => {
    expect(spans('$state __dirname', 'en', RAW)).toEqual([
      '$state@$state',
      'state@state',
      '__dirname@__dirname',
      'dirname@dirname',
    ]);
  });

  it('does not join across joiners that are not followed by a word', () => {
    expect(spans('end. Next --save-exact a-', 'en', RAW)).toEqual([
      'end@end',
      'next@Next',
      'save-exact@save-exact',
      'save@save',
      'exact@exact',
      'a@a',
    ]);
  });

  it('emits only the whole identifier when splitting is off', () => {
    expect(spans('getStaticPaths c.json routes', 'en', { splitIdentifiers: false })).toEqual([
      'getstaticpath@getStaticPaths',
      'c.json@c.json',
      'rout@routes',
    ]);
  });

  it('skips runs without any letter or digit', () => {
    expect(spans('$ __ _')).toEqual([]);
  });
});

describe('numbers', () => {
  it('are tokens, with letters attached', () => {
    expect(spans('Error 404 in v4')).toEqual(['error@Error', '404@404', 'v4@v4']);
  });

  it('keep decimals, versions, dates and times whole without digit-group parts', () => {
    expect(spans('1.5 2024-01-05 10:30')).toEqual(['1.5@1.5', '2024-01-05@2024-01-05', '10:30@10:30']);
  });

  it('split a version that starts with a letter', () => {
    expect(spans('v4.2', 'en', RAW)).toEqual(['v4.2@v4.2', 'v4@v4', '2@2']);
  });
});

describe('fold', () => {
  it('removes case and diacritics', () => {
    expect(fold('Ünïcödé')).toBe('unicode');
    expect(fold('Café')).toBe('cafe');
    expect(fold('CAFE\u0301')).toBe('cafe');
  });

  it('maps compatibility forms to their plain spelling', () => {
    expect(fold('ﬁle')).toBe('file');
    expect(fold('ＡＢＣ１')).toBe('abc1');
    expect(fold('ｶﾞ')).toBe('ガ');
  });

  it('keeps kana voiced marks and Hangul syllables intact', () => {
    expect(fold('が')).toBe('が');
    expect(fold('か\u3099')).toBe('が');
    expect(fold('한국어')).toBe('한국어');
  });

  it('keeps the vowel signs of scripts whose marks are letters of the word', () => {
    expect(fold('हिन्दी')).toBe('हिन्दी'.normalize('NFC'));
  });

  it('is applied to every Latin term', () => {
    expect(terms('Café Ünïcödé', 'fr')).toEqual(['cafe', 'unicode']);
    expect(terms('CAFÉ', 'en')).toEqual(['cafe']);
  });
});

describe('Chinese', () => {
  it('segments into words with exact spans', () => {
    const text = '如何配置路由';
    const tokens = segment(text, 'zh-cn');
    expect(tokens.length).toBeGreaterThan(1);
    expect(tokens.map((t) => text.slice(t.start, t.end)).join('')).toBe(text);
    expect(tokens.map((t) => t.term)).toContain('配置');
  });

  it('gives a query terms that occur in the segmentation of a paragraph containing it', () => {
    const query = new Set(terms('如何配置路由', 'zh-cn'));
    const paragraph = terms('在 Astro 中，你可以在配置文件里配置路由，也可以使用基于文件的路由。', 'zh-cn');
    const shared = paragraph.filter((t) => query.has(t));
    expect(shared).toContain('配置');
    expect(shared.length).toBeGreaterThanOrEqual(2);
  });

  it('does not emit punctuation', () => {
    expect(terms('配置。路由，「文件」', 'zh-cn').join('')).not.toMatch(/[。，「」]/);
  });

  it('sends Latin words inside Chinese through the Latin rules', () => {
    const text = '在Astro中使用getStaticPaths()函数';
    const out = spans(text, 'zh-cn');
    expect(out).toContain('astro@Astro');
    expect(out).toContain('getstaticpaths@getStaticPaths');
    expect(out).toContain('static@Static');
    // Not English: no stemming of the identifier's parts.
    expect(out).toContain('paths@Paths');
    expect(out).toContain('函数@函数');
  });

  it('splits a Han run joined to a Latin identifier without losing either', () => {
    expect(spans('路由.config', 'zh')).toEqual(expect.arrayContaining(['config@config']));
    expect(spans('路由.config', 'zh').map((s) => s.split('@')[0])).not.toContain('.config');
  });
});

describe('Japanese', () => {
  it('segments kana and kanji into words', () => {
    const t = terms('ルーティングを設定する方法', 'ja');
    expect(t).toContain('ルーティング');
    expect(t).toContain('設定');
    expect(t).toContain('方法');
  });

  it('keeps the prolonged sound mark (Unicode script Common) inside katakana runs', () => {
    expect(terms('ルーティング', 'ja')).toEqual(['ルーティング']);
    expect(segmentWith(noSegmenter, 'ルー', 'ja').map((t) => t.term)).toEqual(['ル', 'ルー', 'ー']);
  });

  it('handles Latin identifiers glued to kana', () => {
    expect(spans('getStaticPathsを使います', 'ja')).toEqual(
      expect.arrayContaining(['getstaticpaths@getStaticPaths', 'static@Static', '使い@使い']),
    );
  });
});

describe('Korean and other dictionary scripts', () => {
  it('segments Hangul at word boundaries', () => {
    expect(terms('라우팅을 설정하는 방법', 'ko')).toContain('방법');
  });

  it('segments Thai, which has no spaces between words', () => {
    expect(terms('สวัสดีครับ', 'th').length).toBeGreaterThan(1);
  });
});

describe('word segmenter choice', () => {
  /** A factory that records the locales asked for and has no segmenter (bigram fallback). */
  function recording(): { factory: SegmenterFactory; locales: string[] } {
    const locales: string[] = [];
    return { factory: (locale) => (locales.push(locale), undefined), locales };
  }

  it('uses the page language when it is CJK', () => {
    const r = recording();
    segmentWith(r.factory, '設定 ルート 한국', 'zh-cn');
    expect(r.locales).toEqual(['zh', 'zh', 'zh']);
  });

  it('chooses by script otherwise: Han → zh, kana → ja, Hangul → ko', () => {
    const r = recording();
    segmentWith(r.factory, 'a 設定 b ルート c 한국 d 設定する', 'en');
    expect(r.locales).toEqual(['zh', 'ja', 'ko', 'ja']);
  });

  it('uses an injected segmenter and keeps only word-like segments', () => {
    const fake: SegmenterFactory = () => ({
      segment: (s: string) => [
        { segment: s.slice(0, 2), index: 0, isWordLike: true },
        { segment: s.slice(2, 3), index: 2, isWordLike: false },
        { segment: s.slice(3), index: 3, isWordLike: true },
      ],
    });
    const text = 'x 配置。路由';
    // The ideographic full stop is not a letter, so the run is only '配置', then '路由'.
    expect(segmentWith(fake, 'x 配置路由器', 'zh').map((t) => t.term)).toEqual(['x', '配置', '由器']);
    expect(segmentWith(fake, text, 'zh').map((t) => text.slice(t.start, t.end))).toEqual(['x', '配置', '路由']);
  });

  it('remembers each segmenter\'s own cut of a run (runs are memoised per segmenter)', () => {
    const cutAt = (n: number) => ({ segment: (s: string) => [{ segment: s.slice(0, n), index: 0, isWordLike: true }, { segment: s.slice(n), index: n, isWordLike: true }] });
    const [one, two] = [cutAt(1), cutAt(2)];
    const terms = (segmenter: ReturnType<typeof cutAt>) => segmentWith(() => segmenter, '配置路由', 'zh').map((t) => t.term);
    for (let i = 0; i < 2; i++) {
      expect(terms(one)).toEqual(['配', '置路由']);
      expect(terms(two)).toEqual(['配置', '路由']);
    }
  });

  it('falls back to unigrams and bigrams without a segmenter', () => {
    expect(segmentWith(noSegmenter, '配置路由', 'zh').map((t) => t.term)).toEqual([
      '配',
      '配置',
      '置',
      '置路',
      '路',
      '路由',
      '由',
    ]);
    expect(segmentWith(noSegmenter, '好', 'zh').map((t) => t.term)).toEqual(['好']);
  });

  it('never splits a voiced sound mark from its kana in the fallback', () => {
    const text = 'か\u3099き';
    const out = segmentWith(noSegmenter, text, 'ja');
    expect(out.map((t) => t.term)).toEqual(['が', 'がき', 'き']);
    expect(out.map((t) => [t.start, t.end])).toEqual([
      [0, 2],
      [0, 3],
      [2, 3],
    ]);
  });

  /** A segmenter that records its inputs and returns every code point as a word. */
  function perCharacter(): { factory: SegmenterFactory; inputs: string[] } {
    const inputs: string[] = [];
    const factory: SegmenterFactory = () => ({
      segment: (s: string) => {
        inputs.push(s);
        return [...s.matchAll(/./gsu)].map((m) => ({ segment: m[0], index: m.index, isWordLike: true }));
      },
    });
    return { factory, inputs };
  }

  it('feeds a very long run to the segmenter in pieces cut between characters', () => {
    // Astral ideographs after one BMP one: every pair starts at an odd offset, so a cut at any
    // round length would split a pair unless the cut is chosen with care.
    const run = `配${'\u{20000}\u{20001}\u{20002}'.repeat(1000)}`;
    const { factory, inputs } = perCharacter();
    const tokens = segmentWith(factory, run, 'zh');
    expect(inputs.length).toBeGreaterThan(1);
    expect(inputs.join('')).toBe(run);
    for (const input of inputs.slice(1)) expect(input.codePointAt(0)).toBeGreaterThanOrEqual(0x20000);
    expect(tokens.length).toBe(3001);
    expect(tokens.map((t) => t.start)).toEqual([0, ...Array.from({ length: 3000 }, (_, i) => 1 + 2 * i)]);
    expect(tokens.every((t) => [...run.slice(t.start, t.end)].length === 1)).toBe(true);
  });

  it('terminates on a long run of marks that offers no clean cut', () => {
    const text = `a${'\u3099'.repeat(2500)}`;
    const { factory, inputs } = perCharacter();
    segmentWith(factory, text, 'ja');
    expect(inputs.join('')).toBe(text.slice(1));
  });

  it('reuses one Intl.Segmenter per locale', () => {
    expect(intlSegmenterFor('ja')).toBe(intlSegmenterFor('ja'));
    expect(intlSegmenterFor('ja')).not.toBe(intlSegmenterFor('zh'));
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

/** Text pieces that stress the analyzer: identifiers, joiners, CJK, marks, emoji, surrogates. */
const piece = fc.oneof(
  fc.constantFrom(
    'getStaticPaths',
    'c.json',
    'HTTPServer',
    'URLs',
    'snake_case',
    '$',
    '_',
    '.',
    '-',
    ':',
    '::',
    "'s",
    '’',
    ' ',
    '\n',
    '1.5',
    'v4',
    'the',
    'Café',
    'e\u0301',
    '\u0301',
    '\u3099',
    'ﬁ',
    'ＡＢＣ',
    'ｶﾞ',
    '配置',
    '路由',
    '。',
    'ルーター',
    'を',
    '라우팅을',
    'สวัสดี',
    'हिन्दी',
    '👩‍💻',
    '🎉',
    '\u{20000}',
    '\u200d',
  ),
  fc.string({ unit: 'binary', maxLength: 3 }),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
);
const text = fc.array(piece, { maxLength: 30 }).map((a) => a.join(''));
const lang = fc.constantFrom('en', 'zh-cn', 'ja', 'ko', 'fr');

function checkSpans(input: string, tokens: Token[]): void {
  let previous = 0;
  for (const t of tokens) {
    expect(t.start).toBeGreaterThanOrEqual(0);
    expect(t.start).toBeLessThan(t.end);
    expect(t.end).toBeLessThanOrEqual(input.length);
    expect(t.start).toBeGreaterThanOrEqual(previous);
    expect(t.term.length).toBeGreaterThan(0);
    previous = t.start;
  }
}

describe('properties', () => {
  // Text of ASCII is analysed with ASCII-only patterns; the same text with one non-ASCII character
  // after it takes the Unicode patterns. Both must give the same tokens for the ASCII part.
  it('analyses all-ASCII text exactly as the Unicode patterns do (identifiers, joiners, clitics, camelCase)', () => {
    const unit = fc.constantFrom(...'aAbBsSzZxXyY09_$.-:\' \n,()/'.split(''), 'URLs', 'HTTP2', 'XMLHttp', 'getStatic', 'vue3', "'s", '::', 'the', 'running');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), fc.constantFrom('en', 'fr'), (ascii, l) => {
        const unicode = segment(`${ascii} é`, l).filter((t) => t.end <= ascii.length);
        expect(segment(ascii, l)).toEqual(unicode);
      }),
      { numRuns: 2000 },
    );
  });

  it('cuts an all-ASCII identifier into the same parts with the ASCII pattern as with the Unicode one', () => {
    const unit = fc.constantFrom(...'aAbBsSzZ09_$.-:'.split(''), 'URLs', 'HTTP2', 'XMLHttp', 'vue3', 'IDs');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 24 }), (word) => {
        expect(identifierParts(word, true)).toEqual(identifierParts(word, false));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps each analyzer setting\'s own analysis of a word (the word memo is per setting)', () => {
    const raw = spans('The Runners getStaticPaths', 'en', RAW);
    const stemmed = spans('The Runners getStaticPaths', 'en');
    expect(raw).toEqual(['the@The', 'runners@Runners', 'getstaticpaths@getStaticPaths', 'get@get', 'static@Static', 'paths@Paths']);
    expect(stemmed).toEqual(['runner@Runners', 'getstaticpath@getStaticPaths', 'get@get', 'static@Static', 'path@Paths']);
    expect(spans('The Runners getStaticPaths', 'en', RAW)).toEqual(raw);
    expect(spans('The Runners getStaticPaths', 'en', { splitIdentifiers: false })).toEqual(['runner@Runners', 'getstaticpath@getStaticPaths']);
  });

  it('never throws and yields non-empty terms with valid, sorted spans', () => {
    fc.assert(
      fc.property(text, lang, fc.boolean(), (input, l, fallback) => {
        const tokens = segmentWith(fallback ? noSegmenter : intlSegmenterFor, input, l);
        checkSpans(input, tokens);
      }),
      { numRuns: 500 },
    );
  });

  it('without stemming and stop words, every term is the fold of its source span', () => {
    fc.assert(
      fc.property(text, lang, (input, l) => {
        for (const t of segment(input, l, RAW)) {
          expect(t.term).toBe(fold(input.slice(t.start, t.end)));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('with stemming, every term starts like the fold of its source span', () => {
    fc.assert(
      fc.property(text, (input) => {
        for (const t of segment(input, 'en')) {
          expect(fold(input.slice(t.start, t.end))[0]).toBe(t.term[0]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('analyzes whitespace-separated texts independently (no context leaks across a space)', () => {
    fc.assert(
      fc.property(text, text, lang, (a, b, l) => {
        const joined = segment(`${a} ${b}`, l);
        const shift = a.length + 1;
        const separate = [
          ...segment(a, l),
          ...segment(b, l).map((t) => ({ ...t, start: t.start + shift, end: t.end + shift })),
        ];
        expect(joined).toEqual(separate);
      }),
      { numRuns: 300 },
    );
  });

  it('in the fallback, a substring of a CJK run yields a subset of the run’s terms', () => {
    const cjk = fc.string({
      unit: fc.constantFrom('配', '置', '路', '由', 'ル', 'ー', 'タ', 'を', '한', '국', 'か\u3099'),
      minLength: 1,
      maxLength: 12,
    });
    fc.assert(
      fc.property(cjk, fc.nat(), fc.nat(), (run, i, j) => {
        const units = [...run.matchAll(/\P{M}\p{M}*/gu)].map((m) => m[0]);
        const from = i % units.length;
        const to = from + 1 + (j % (units.length - from));
        const query = units.slice(from, to).join('');
        const all = new Set(segmentWith(noSegmenter, run, 'zh').map((t) => t.term));
        for (const t of segmentWith(noSegmenter, query, 'zh')) expect(all.has(t.term)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Real documentation (../shared), skipped when absent

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const shared = path.resolve(projectRoot, '../shared');
const astro = path.join(shared, 'corpora/astro-docs');
const hasCorpora = existsSync(path.join(astro, 'zh-cn')) && existsSync(path.join(astro, 'ja'));

function docFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return docFiles(p);
    return /\.mdx?$/.test(name) ? [p] : [];
  });
}

describe.skipIf(!hasCorpora)('real docs (skipped: ../shared/corpora/astro-docs not found)', () => {
  it.each([
    ['zh-cn', 'zh-cn'],
    ['ja', 'ja'],
  ])(
    'a query of whole words from a %s paragraph finds its terms in the paragraph',
    (folder, l) => {
      // Users type words; the dictionary segmenter must cut those words the same way in the
      // query as in the page, even though the page gives them more context.
      const runs = docFiles(path.join(astro, folder)).flatMap(
        (f) => readFileSync(f, 'utf8').match(/[\p{sc=Han}\p{sc=Hira}\p{sc=Kana}ー]{8,}/gu) ?? [],
      );
      let seed = 7;
      const next = (n: number): number => (seed = (seed * 48271) % 2147483647) % n;
      let queryTerms = 0;
      let found = 0;
      for (let i = 0; i < 1000; i++) {
        const run = runs[next(runs.length)];
        const words = segment(run, l);
        const from = next(words.length);
        const to = Math.min(words.length - 1, from + next(3));
        const query = run.slice(words[from].start, words[to].end);
        const inRun = new Set(words.map((w) => w.term));
        for (const t of terms(query, l)) {
          queryTerms++;
          if (inRun.has(t)) found++;
        }
      }
      expect(found / queryTerms).toBeGreaterThan(0.98);
    },
  );

  it('finds code identifiers of the English docs as whole terms and as prose words', () => {
    const page = readFileSync(path.join(astro, 'en/reference/routing-reference.mdx'), 'utf8');
    const t = new Set(terms(page, 'en'));
    expect(t.has('getstaticpath')).toBe(true);
    expect(t.has('static')).toBe(true);
    expect(t.has('path')).toBe(true);
  });
});
