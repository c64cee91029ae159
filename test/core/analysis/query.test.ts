import { describe, expect, it } from 'vitest';
import { analyzeQuery } from '../../../src/core/analysis/query.ts';

const strategy = (q: string, lang: string | null = null) => analyzeQuery(q, lang, 'en').strategy;

describe('analyzeQuery: strategy', () => {
  it.each([
    // English
    ['how do I add a sitemap', 'question'],
    ['Why is my build slow?', 'question'],
    ['deploy astro site to netlify', 'question'], // five words: a sentence
    ['getStaticPaths', 'lookup'], // an identifier
    ['c.req.param()', 'lookup'],
    ['astro.config.mjs', 'lookup'],
    ['image component', 'lookup'], // two concepts
    ['routing', 'overview'], // one broad topic word
    ['middleware', 'overview'],
    // Chinese
    ['如何部署到 Cloudflare', 'question'],
    ['路由参数是什么', 'question'],
    ['getStaticPaths 参数', 'lookup'],
    // Japanese
    ['ルーティングはどう設定しますか', 'question'],
    ['なぜビルドが遅い', 'question'],
    ['getStaticPaths', 'lookup'],
    // Spanish and Portuguese
    ['¿cómo configuro el enrutamiento?', 'question'],
    ['como configurar o roteamento', 'question'],
  ])('%s → %s', (q, expected) => {
    expect(strategy(q)).toBe(expected);
  });
});

describe('analyzeQuery: concepts and language', () => {
  it('keeps the distinct analysed terms, stop words dropped and stemmed', () => {
    expect(analyzeQuery('How do I configure the routes and routing?', null, 'en').concepts).toEqual(['configur', 'rout']);
  });

  it('names each concept by the first word of the query it came from, as typed', () => {
    // `rout` comes from `Routes` first; `routing` is the same concept and adds no word.
    expect(analyzeQuery('How do I configure the Routes and routing?', null, 'en').words).toEqual(['configure', 'Routes']);
  });

  it('keeps each concept\'s word analysed without stemming, which a cut word is completed from', () => {
    const a = analyzeQuery('Lay the Routes', null, 'en');
    expect(a.concepts).toEqual(['lai', 'rout']);
    expect(a.unstemmed).toEqual(['lay', 'routes']);
  });

  it('takes the language from the request, else from the script, else the default', () => {
    expect(analyzeQuery('routing', 'es', 'en').lang).toBe('es');
    expect(analyzeQuery('路由参数', null, 'en').lang).toBe('zh');
    expect(analyzeQuery('ルーティング', null, 'en').lang).toBe('ja');
    expect(analyzeQuery('routing', null, 'de').lang).toBe('de');
  });

  it('finds no concepts in stop words or punctuation alone', () => {
    expect(analyzeQuery('the of and', null, 'en').concepts).toEqual([]);
    expect(analyzeQuery('???', null, 'en').concepts).toEqual([]);
  });
});
