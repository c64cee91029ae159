import { describe, expect, it } from 'vitest';
import { groupByPage, sectionPath } from '../../src/widget/views/results.ts';
import type { SearchHit } from '../../src/widget/search-client.ts';
import { countText, format, resolveStrings, STRINGS, stringsFor, type WidgetStrings } from '../../src/widget/strings.ts';
import { DEFAULT_FALLBACK_MESSAGES, MESSAGE_LANGS } from '../../src/core/confidence/messages.ts';

describe('strings', () => {
  it('has every phrase, non-empty, in every built-in language', () => {
    const keys = Object.keys(STRINGS.en!).sort();
    expect(Object.keys(STRINGS).sort()).toEqual(['en', 'es', 'ja', 'pt', 'zh-cn']);
    for (const [lang, table] of Object.entries(STRINGS)) {
      expect(Object.keys(table).sort(), lang).toEqual(keys);
      for (const [k, v] of Object.entries(table)) expect(v.trim(), `${lang}.${k}`).not.toBe('');
      // Placeholders survive translation.
      expect(table.noResults, lang).toContain('{query}');
      expect(table.resultsOther, lang).toContain('{count}');
    }
  });

  it('keeps every phrase under its own key (the tables are written a phrase per line, in key order)', () => {
    expect(Object.keys(STRINGS.en!).sort()).toEqual(
      [
        'all', 'answer', 'breadcrumbSeparator', 'browseDocs', 'button', 'clearRecent', 'close', 'confidenceHigh', 'confidenceLow', 'confidenceMedium', 'failed',
        'fallback', 'hintClose', 'hintNavigate', 'hintOpen', 'hintPin', 'label', 'loading', 'lowConfidenceNote', 'noResults', 'offline', 'pinned',
        'placeholder', 'readMore', 'recent', 'results', 'resultsOne', 'resultsOther', 'retry', 'searchInsteadFor', 'showAnyway', 'showingResultsFor',
        'suggestions', 'typeToSearch', 'unpinned', 'unreachable',
      ],
    );
    const pick = (s: WidgetStrings) => [s.label, s.noResults, s.retry, s.suggestions, s.confidenceLow, s.hintClose, s.readMore, s.all, s.hintPin, s.typeToSearch, s.browseDocs, s.breadcrumbSeparator];
    expect(pick(STRINGS.en!)).toEqual(['Search documentation', 'No results for “{query}”', 'Try again', 'Suggestions', 'Low confidence', 'to close', 'Read more', 'All', 'to pin', 'Type a few words to search the docs.', 'Browse the docs', ' › ']);
    expect(pick(STRINGS['zh-cn']!)).toEqual(['搜索文档', '没有找到“{query}”的结果', '重试', '建议', '低可信度', '关闭', '阅读更多', '全部', '固定', '输入几个词来搜索文档。', '浏览文档', ' › ']);
    expect(pick(STRINGS.ja!)).toEqual(['ドキュメントを検索', '「{query}」に一致する結果はありません', '再試行', '候補', '信頼度: 低', '閉じる', '続きを読む', 'すべて', 'ピン留め', 'キーワードを入力してドキュメントを検索します。', 'ドキュメントを見る', ' › ']);
    expect(pick(STRINGS.es!)).toEqual(['Buscar en la documentación', 'No hay resultados para «{query}»', 'Reintentar', 'Sugerencias', 'Confianza baja', 'para cerrar', 'Leer más', 'Todo', 'para fijar', 'Escribe unas palabras para buscar en la documentación.', 'Explorar la documentación', ' › ']);
    expect(pick(STRINGS.pt!)).toEqual(['Pesquisar na documentação', 'Nenhum resultado para “{query}”', 'Tentar novamente', 'Sugestões', 'Confiança baixa', 'para fechar', 'Leia mais', 'Tudo', 'para fixar', 'Digite algumas palavras para pesquisar na documentação.', 'Explorar a documentação', ' › ']);
  });

  it('says the same fallback sentence as the Worker in every language both write', () => {
    expect(Object.keys(STRINGS).sort()).toEqual([...MESSAGE_LANGS].sort());
    for (const lang of MESSAGE_LANGS) expect(STRINGS[lang]!.fallback, lang).toBe(DEFAULT_FALLBACK_MESSAGES[lang]);
  });

  it('picks the table by tag, base language or alias, else English', () => {
    expect(stringsFor('ja-JP')).toBe(STRINGS.ja);
    expect(stringsFor('zh')).toBe(STRINGS['zh-cn']);
    expect(stringsFor('zh_TW')).toBe(STRINGS['zh-cn']);
    expect(stringsFor('pt-BR')).toBe(STRINGS.pt);
    expect(stringsFor('fr')).toBe(STRINGS.en);
    expect(stringsFor(null)).toBe(STRINGS.en);
  });

  it('merges string overrides only', () => {
    const s = resolveStrings('es', { placeholder: 'Busca', label: 42 as unknown as string, nope: 'x' } as never);
    expect(s.placeholder).toBe('Busca');
    expect(s.label).toBe(STRINGS.es!.label);
    expect(s).not.toHaveProperty('nope');
  });

  it('formats placeholders and plurals per language', () => {
    expect(format('No results for “{query}”, {missing}', { query: '<b>' })).toBe('No results for “<b>”, {missing}');
    expect(countText(STRINGS.en!, 'en', 1)).toBe('1 result');
    expect(countText(STRINGS.en!, 'en', 3)).toBe('3 results');
    expect(countText(STRINGS.es!, 'es', 1)).toBe('1 resultado');
    expect(countText(STRINGS.ja!, 'ja', 1)).toBe('1 件の結果');
    expect(countText(STRINGS.en!, 'not a tag!', 2)).toBe('2 results');
  });
});

describe('grouping results by page', () => {
  const hit = (url: string, title: string, breadcrumb: string[]): SearchHit => ({ id: url, url, title, breadcrumb, snippet: { text: '', highlights: [], kind: 'text' } });

  it('orders pages by their best result and keeps each page’s results in rank order', () => {
    const groups = groupByPage([
      hit('/a/#x', 'X', ['A', 'X']),
      hit('/b/', 'B', ['B']),
      hit('/a/#y', 'Y', ['A', 'X', 'Y']),
      hit('/a/', 'A', ['A']),
    ]);
    expect(groups.map((g) => [g.page, g.title, g.hits.map((h) => [h.hit.title, h.rank])])).toEqual([
      ['/a/', 'A', [['X', 0], ['Y', 2], ['A', 3]]],
      ['/b/', 'B', [['B', 1]]],
    ]);
  });

  it('shows the headings between the page and the section', () => {
    expect(sectionPath(hit('/a/#y', 'Y', ['A', 'X', 'Y']))).toEqual(['X']);
    expect(sectionPath(hit('/a/#x', 'X', ['A', 'X']))).toEqual([]);
    expect(sectionPath(hit('/a/', 'A', ['A']))).toEqual([]);
    expect(sectionPath(hit('/a/#z', 'Z', ['A', 'X', 'Y']))).toEqual(['X', 'Y']);
  });
});
