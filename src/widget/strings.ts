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
  /** Heading of the answer card: the sentences of the top result that answer the query. */
  answer: string;
  /** The answer card's link to its section. */
  readMore: string;
  /** The filter control's choice that sets no filter (attribute `facets`). */
  all: string;
  /** Title of the pinned results (shown when the box is empty) and what is announced when one is pinned. */
  pinned: string;
  /** Announced when a result is unpinned. */
  unpinned: string;
  /** The modal's footer: what ⌘D / Ctrl+D does to the active result. */
  hintPin: string;
  /** The open dialog's line while the box is empty and there are no recent searches or pins to list. */
  typeToSearch: string;
  /** Under a fallback that offers nothing else (no suggestions, no link, no matches): the link to the docs' start page (attribute `home`). */
  browseDocs: string;
}

/**
 * The tables below, written compactly: one phrase per line, in this order (the bundle then carries
 * each key once, not once per language). `fallback` is the Worker's sentence in the same language
 * and `breadcrumbSeparator` the same in every language, so neither is written in the tables.
 */
const KEYS = (
  'label placeholder button close results noResults resultsOne resultsOther loading unreachable offline failed retry ' +
  'suggestions showAnyway lowConfidenceNote showingResultsFor searchInsteadFor confidenceHigh confidenceMedium confidenceLow ' +
  'recent clearRecent hintNavigate hintOpen hintClose answer readMore all pinned unpinned hintPin typeToSearch browseDocs'
).split(' ') as Array<Exclude<keyof WidgetStrings, 'fallback' | 'breadcrumbSeparator'>>;

/** The table for `lang` from its lines (a phrase per line, in KEYS order; surrounding blank lines ignored). */
function table(lang: keyof typeof FALLBACK_SENTENCES, lines: string): WidgetStrings {
  const values = lines.trim().split('\n');
  const out = { fallback: FALLBACK_SENTENCES[lang], breadcrumbSeparator: ' › ' } as WidgetStrings;
  KEYS.forEach((key, i) => (out[key] = values[i]!));
  return out;
}

const en = table('en', `
Search documentation
Search…
Search
Close search
Search results
No results for “{query}”
{count} result
{count} results
Searching…
Search is unavailable right now.
You are offline. The search will run again when you are back online.
Search failed
Try again
Suggestions
Show closest matches anyway
Closest matches — these may not answer your question
Showing results for {query}.
Search instead for {query}
High confidence
Medium confidence
Low confidence
Recent searches
Clear
to navigate
to open
to close
Answer from the docs
Read more
All
Pinned
Unpinned
to pin
Type a few words to search the docs.
Browse the docs
`);

/** The built-in tables. Keys are lower-case language tags; lookups fall back to the base language. */
export const STRINGS: Readonly<Record<string, WidgetStrings>> = {
  en,
  'zh-cn': table('zh-cn', `
搜索文档
搜索…
搜索
关闭搜索
搜索结果
没有找到“{query}”的结果
{count} 个结果
{count} 个结果
正在搜索…
搜索暂时不可用。
您已离线。恢复联网后将自动重新搜索。
搜索失败
重试
建议
仍然显示最接近的结果
最接近的结果——可能无法回答您的问题
以下是 {query} 的结果。
仍然搜索 {query}
高可信度
中等可信度
低可信度
最近搜索
清除
选择
打开
关闭
文档中的答案
阅读更多
全部
已固定
已取消固定
固定
输入几个词来搜索文档。
浏览文档
`),
  ja: table('ja', `
ドキュメントを検索
検索…
検索
検索を閉じる
検索結果
「{query}」に一致する結果はありません
{count} 件の結果
{count} 件の結果
検索中…
現在検索を利用できません。
オフラインです。接続が戻ると自動で再検索します。
検索に失敗しました
再試行
候補
それでも近い結果を表示
近い結果 — 質問の答えにならない可能性があります
{query} の検索結果を表示しています。
{query} で検索する
信頼度: 高
信頼度: 中
信頼度: 低
最近の検索
クリア
移動
開く
閉じる
ドキュメントからの回答
続きを読む
すべて
ピン留め
ピン留めを解除しました
ピン留め
キーワードを入力してドキュメントを検索します。
ドキュメントを見る
`),
  es: table('es', `
Buscar en la documentación
Buscar…
Buscar
Cerrar la búsqueda
Resultados de la búsqueda
No hay resultados para «{query}»
{count} resultado
{count} resultados
Buscando…
La búsqueda no está disponible en este momento.
No tienes conexión. La búsqueda se repetirá al volver a estar en línea.
La búsqueda falló
Reintentar
Sugerencias
Mostrar igualmente los resultados más cercanos
Resultados más cercanos: puede que no respondan a tu pregunta
Mostrando resultados de {query}.
Buscar {query} en su lugar
Confianza alta
Confianza media
Confianza baja
Búsquedas recientes
Borrar
para moverte
para abrir
para cerrar
Respuesta de la documentación
Leer más
Todo
Fijados
Desfijado
para fijar
Escribe unas palabras para buscar en la documentación.
Explorar la documentación
`),
  pt: table('pt', `
Pesquisar na documentação
Pesquisar…
Pesquisar
Fechar a pesquisa
Resultados da pesquisa
Nenhum resultado para “{query}”
{count} resultado
{count} resultados
Pesquisando…
A pesquisa não está disponível no momento.
Você está offline. A pesquisa será refeita quando a conexão voltar.
A pesquisa falhou
Tentar novamente
Sugestões
Mostrar os resultados mais próximos mesmo assim
Resultados mais próximos — talvez não respondam à sua pergunta
Mostrando resultados para {query}.
Pesquisar por {query}
Confiança alta
Confiança média
Confiança baixa
Pesquisas recentes
Limpar
para navegar
para abrir
para fechar
Resposta da documentação
Leia mais
Tudo
Fixados
Desafixado
para fixar
Digite algumas palavras para pesquisar na documentação.
Explorar a documentação
`),
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
