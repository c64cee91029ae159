import { describe, expect, it } from 'vitest';
import { isRecallBoxError } from '../../../src/core/errors.ts';
import {
  baseLang,
  DEFAULT_PATH_LANGS,
  detectScriptLang,
  langFromPath,
  normalizeLang,
} from '../../../src/core/analysis/lang.ts';

describe('normalizeLang', () => {
  it('lower-cases and turns underscores into hyphens', () => {
    expect(normalizeLang('zh-CN')).toBe('zh-cn');
    expect(normalizeLang('EN_us')).toBe('en-us');
    expect(normalizeLang(' ja ')).toBe('ja');
    expect(normalizeLang('zh-Hant-TW')).toBe('zh-hant-tw');
  });

  it.each(['', 'e', 'en-', '-en', 'en--us', 'en us', 'zh/cn', '123', 'en-toolongsubtag', 'ünï'])(
    'rejects the malformed tag %j with UNKNOWN_LANGUAGE',
    (tag) => {
      let caught: unknown;
      try {
        normalizeLang(tag);
      } catch (e) {
        caught = e;
      }
      expect(isRecallBoxError(caught)).toBe(true);
      expect((caught as { code: string }).code).toBe('UNKNOWN_LANGUAGE');
    },
  );
});

describe('baseLang', () => {
  it('keeps only the primary subtag', () => {
    expect(baseLang('zh-cn')).toBe('zh');
    expect(baseLang('en-us')).toBe('en');
    expect(baseLang('ja')).toBe('ja');
  });

  it('tolerates un-normalised tags instead of throwing', () => {
    expect(baseLang('EN_us')).toBe('en');
    expect(baseLang('')).toBe('');
  });
});

describe('langFromPath', () => {
  it('takes a known language folder as the language', () => {
    expect(langFromPath('zh-cn/guides/x.md')).toBe('zh-cn');
    expect(langFromPath('ja/guides/routing.mdx')).toBe('ja');
    expect(langFromPath('en/getting-started.mdx')).toBe('en');
    expect(langFromPath('pt-br/index.md')).toBe('pt-br');
  });

  it('normalises case, separators and leading ./ or /', () => {
    expect(langFromPath('zh-CN/guides/x.md')).toBe('zh-cn');
    expect(langFromPath('./ja/x.md')).toBe('ja');
    expect(langFromPath('/ko/x.md')).toBe('ko');
    expect(langFromPath('zh_tw\\guides\\x.md')).toBe('zh-tw');
  });

  it('falls back when the first folder is not a known language', () => {
    expect(langFromPath('guides/routing.md')).toBe('en');
    expect(langFromPath('api/index.md', DEFAULT_PATH_LANGS, 'fr')).toBe('fr');
  });

  it('does not take a root file named like a language for a language folder', () => {
    expect(langFromPath('ja.md')).toBe('en');
    expect(langFromPath('ja')).toBe('en');
  });

  it('uses the given known languages instead of the defaults', () => {
    expect(langFromPath('id/x.md')).toBe('en');
    expect(langFromPath('id/x.md', ['id'])).toBe('id');
    expect(langFromPath('ja/x.md', ['en'])).toBe('en');
  });
});

describe('detectScriptLang', () => {
  it('maps Han to zh, kana to ja, Hangul to ko', () => {
    expect(detectScriptLang('如何配置路由')).toBe('zh');
    expect(detectScriptLang('ルーティング')).toBe('ja');
    expect(detectScriptLang('라우팅 설정')).toBe('ko');
  });

  it('treats Han text with any kana as Japanese', () => {
    expect(detectScriptLang('設定する方法')).toBe('ja');
    expect(detectScriptLang('ルーター')).toBe('ja');
  });

  it('treats Han text with Hangul as Korean', () => {
    expect(detectScriptLang('韓國 라우팅')).toBe('ko');
  });

  it('does not take shared CJK punctuation for kana', () => {
    expect(detectScriptLang('配置路由。')).toBe('zh');
  });

  it('returns the fallback for other scripts', () => {
    expect(detectScriptLang('configure routing')).toBe('en');
    expect(detectScriptLang('configurer le routage', 'fr')).toBe('fr');
    expect(detectScriptLang('')).toBe('en');
  });
});
