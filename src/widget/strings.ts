/**
 * Every word the widget shows or announces, per language. The element picks the table by its
 * `lang` attribute (else the nearest ancestor's `lang`, else English) and merges the `strings`
 * property over it, so a site can fix one phrase without translating the rest.
 *
 * `{query}` and `{count}` are replaced when the text is shown; nothing here is parsed as HTML.
 */
import { FALLBACK_SENTENCES } from '../core/confidence/fallback-sentences.ts';

export interface WidgetStrings {
  /** Accessible name of the input and of the modal dialog. */
  label: string;
  placeholder: string;
  /** Text of the modal mode's trigger button. */
  button: string;
  /** Accessible name of the modal's close button (its visible text is the Esc key cap). */
  close: string;
  /** Accessible name of the list of results. */
  results: string;
  /** Announced and shown when a query matches nothing. */
  noResults: string;
  /** Announced once typing settles: one result / several (`{count}`), chosen by Intl.PluralRules. */
  resultsOne: string;
  resultsOther: string;
  /** Shown when a request has taken longer than the loading delay. */
  loading: string;
  /** The request never got an answer (DNS, CORS, server reset) while the browser is online. */
  unreachable: string;
  /** The browser says it is offline; the search runs again by itself when it is back. */
  offline: string;
  /** The server answered with an error but no message we can show. */
  failed: string;
  retry: string;
  /** Fallback message when the Worker is not confident but sent no message of its own. */
  fallback: string;
  /** Accessible name of the fallback's list of suggestions. */
  suggestions: string;
  showAnyway: string;
  lowConfidenceNote: string;
  /** "Did you mean", when the Worker corrected a word: `{query}` is the query it searched … */
  showingResultsFor: string;
  /** … and the query as typed, a button that searches it uncorrected. */
  searchInsteadFor: string;
  /** The confidence badge (attribute `confidence-badge`), per level. */
  confidenceHigh: string;
  confidenceMedium: string;
  confidenceLow: string;
  recent: string;
  clearRecent: string;
  /** The modal's footer: what the arrow keys, Enter and Esc do. */
  hintNavigate: string;
  hintOpen: string;
  hintClose: string;
  breadcrumbSeparator: string;
  /** Heading of the answer card: the passage of the top result that answers the query. */
  answer: string;
  /** The answer card's link to its section. */
  readMore: string;
}

const en: WidgetStrings = {
  label: 'Search documentation',
  placeholder: 'Search…',
  button: 'Search',
  close: 'Close search',
  results: 'Search results',
  noResults: 'No results for “{query}”',
  resultsOne: '{count} result',
  resultsOther: '{count} results',
  loading: 'Searching…',
  unreachable: 'Search is unavailable right now.',
  offline: 'You are offline. The search will run again when you are back online.',
  failed: 'Search failed',
  retry: 'Try again',
  fallback: FALLBACK_SENTENCES.en,
  suggestions: 'Suggestions',
  showAnyway: 'Show closest matches anyway',
  lowConfidenceNote: 'Closest matches — these may not answer your question',
  showingResultsFor: 'Showing results for {query}.',
  searchInsteadFor: 'Search instead for {query}',
  confidenceHigh: 'High confidence',
  confidenceMedium: 'Medium confidence',
  confidenceLow: 'Low confidence',
  recent: 'Recent searches',
  clearRecent: 'Clear',
  hintNavigate: 'to navigate',
  hintOpen: 'to open',
  hintClose: 'to close',
  breadcrumbSeparator: ' › ',
  answer: 'Answer from the docs',
  readMore: 'Read more',
};

/** The built-in tables. Keys are lower-case language tags; lookups fall back to the base language. */
export const STRINGS: Readonly<Record<string, WidgetStrings>> = {
  en,
  'zh-cn': {
    label: '搜索文档',
    placeholder: '搜索…',
    button: '搜索',
    close: '关闭搜索',
    results: '搜索结果',
    noResults: '没有找到“{query}”的结果',
    resultsOne: '{count} 个结果',
    resultsOther: '{count} 个结果',
    loading: '正在搜索…',
    unreachable: '搜索暂时不可用。',
    offline: '您已离线。恢复联网后将自动重新搜索。',
    failed: '搜索失败',
    retry: '重试',
    fallback: FALLBACK_SENTENCES['zh-cn'],
    suggestions: '建议',
    showAnyway: '仍然显示最接近的结果',
    lowConfidenceNote: '最接近的结果——可能无法回答您的问题',
    showingResultsFor: '以下是 {query} 的结果。',
    searchInsteadFor: '仍然搜索 {query}',
    confidenceHigh: '高可信度',
    confidenceMedium: '中等可信度',
    confidenceLow: '低可信度',
    recent: '最近搜索',
    clearRecent: '清除',
    hintNavigate: '选择',
    hintOpen: '打开',
    hintClose: '关闭',
    breadcrumbSeparator: ' › ',
    answer: '文档中的答案',
    readMore: '阅读更多',
  },
  ja: {
    label: 'ドキュメントを検索',
    placeholder: '検索…',
    button: '検索',
    close: '検索を閉じる',
    results: '検索結果',
    noResults: '「{query}」に一致する結果はありません',
    resultsOne: '{count} 件の結果',
    resultsOther: '{count} 件の結果',
    loading: '検索中…',
    unreachable: '現在検索を利用できません。',
    offline: 'オフラインです。接続が戻ると自動で再検索します。',
    failed: '検索に失敗しました',
    retry: '再試行',
    fallback: FALLBACK_SENTENCES.ja,
    suggestions: '候補',
    showAnyway: 'それでも近い結果を表示',
    lowConfidenceNote: '近い結果 — 質問の答えにならない可能性があります',
    showingResultsFor: '{query} の検索結果を表示しています。',
    searchInsteadFor: '{query} で検索する',
    confidenceHigh: '信頼度: 高',
    confidenceMedium: '信頼度: 中',
    confidenceLow: '信頼度: 低',
    recent: '最近の検索',
    clearRecent: 'クリア',
    hintNavigate: '移動',
    hintOpen: '開く',
    hintClose: '閉じる',
    breadcrumbSeparator: ' › ',
    answer: 'ドキュメントからの回答',
    readMore: '続きを読む',
  },
  es: {
    label: 'Buscar en la documentación',
    placeholder: 'Buscar…',
    button: 'Buscar',
    close: 'Cerrar la búsqueda',
    results: 'Resultados de la búsqueda',
    noResults: 'No hay resultados para «{query}»',
    resultsOne: '{count} resultado',
    resultsOther: '{count} resultados',
    loading: 'Buscando…',
    unreachable: 'La búsqueda no está disponible en este momento.',
    offline: 'No tienes conexión. La búsqueda se repetirá al volver a estar en línea.',
    failed: 'La búsqueda falló',
    retry: 'Reintentar',
    fallback: FALLBACK_SENTENCES.es,
    suggestions: 'Sugerencias',
    showAnyway: 'Mostrar igualmente los resultados más cercanos',
    lowConfidenceNote: 'Resultados más cercanos: puede que no respondan a tu pregunta',
    showingResultsFor: 'Mostrando resultados de {query}.',
    searchInsteadFor: 'Buscar {query} en su lugar',
    confidenceHigh: 'Confianza alta',
    confidenceMedium: 'Confianza media',
    confidenceLow: 'Confianza baja',
    recent: 'Búsquedas recientes',
    clearRecent: 'Borrar',
    hintNavigate: 'para moverte',
    hintOpen: 'para abrir',
    hintClose: 'para cerrar',
    breadcrumbSeparator: ' › ',
    answer: 'Respuesta de la documentación',
    readMore: 'Leer más',
  },
  pt: {
    label: 'Pesquisar na documentação',
    placeholder: 'Pesquisar…',
    button: 'Pesquisar',
    close: 'Fechar a pesquisa',
    results: 'Resultados da pesquisa',
    noResults: 'Nenhum resultado para “{query}”',
    resultsOne: '{count} resultado',
    resultsOther: '{count} resultados',
    loading: 'Pesquisando…',
    unreachable: 'A pesquisa não está disponível no momento.',
    offline: 'Você está offline. A pesquisa será refeita quando a conexão voltar.',
    failed: 'A pesquisa falhou',
    retry: 'Tentar novamente',
    fallback: FALLBACK_SENTENCES.pt,
    suggestions: 'Sugestões',
    showAnyway: 'Mostrar os resultados mais próximos mesmo assim',
    lowConfidenceNote: 'Resultados mais próximos — talvez não respondam à sua pergunta',
    showingResultsFor: 'Mostrando resultados para {query}.',
    searchInsteadFor: 'Pesquisar por {query}',
    confidenceHigh: 'Confiança alta',
    confidenceMedium: 'Confiança média',
    confidenceLow: 'Confiança baixa',
    recent: 'Pesquisas recentes',
    clearRecent: 'Limpar',
    hintNavigate: 'para navegar',
    hintOpen: 'para abrir',
    hintClose: 'para fechar',
    breadcrumbSeparator: ' › ',
    answer: 'Resposta da documentação',
    readMore: 'Leia mais',
  },
};

/** Base-language aliases: `zh` (and `zh-hans`, `zh-sg` via their base) read the Simplified Chinese table. */
const ALIASES: Readonly<Record<string, string>> = { zh: 'zh-cn' };

/** The built-in table for `lang`: exact tag, then its base language, then English. */
export function stringsFor(lang: string | null | undefined): WidgetStrings {
  const tag = (lang ?? '').trim().toLowerCase().replace(/_/g, '-');
  const base = tag.split('-')[0] ?? '';
  return STRINGS[tag] ?? STRINGS[ALIASES[tag] ?? ''] ?? STRINGS[base] ?? STRINGS[ALIASES[base] ?? ''] ?? en;
}

/**
 * The table for `lang` with `overrides` on top. Only string values override, so a typo'd or
 * partial object cannot blank out a phrase.
 */
export function resolveStrings(lang: string | null | undefined, overrides: Partial<WidgetStrings> | null | undefined): WidgetStrings {
  const out = { ...stringsFor(lang) };
  for (const [key, value] of Object.entries(overrides ?? {})) {
    if (key in out && typeof value === 'string') out[key as keyof WidgetStrings] = value;
  }
  return out;
}

/** Replaces `{name}` placeholders; unknown names are left as written. */
export function format(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (all, name: string) => (name in values ? String(values[name]) : all));
}

/** "1 result" / "3 results" in the table's language. */
export function countText(strings: WidgetStrings, lang: string, count: number): string {
  let one = count === 1;
  try {
    one = new Intl.PluralRules(lang || 'en').select(count) === 'one';
  } catch {
    // An invalid tag: keep the English rule.
  }
  return format(one ? strings.resultsOne : strings.resultsOther, { count });
}
