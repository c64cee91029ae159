/**
 * What the verdict says to a reader, in the languages recall-box ships text for: English,
 * Simplified Chinese, Japanese, Spanish and Portuguese. The reason codes are the stable contract
 * (a site's analytics key on them); the messages are for people and may be reworded.
 */
import { baseLang } from '../analysis/lang.ts';
import { LANGUAGES, languageOf, type TableLanguage } from '../analysis/languages.ts';
import type { Lang } from '../types.ts';
import { FALLBACK_SENTENCES } from './fallback-sentences.ts';

/**
 * A language the verdict writes in: a message tag of the language table (languages.ts), so a
 * language given one there fails the type check until every table of this file, fallback.ts and
 * fallback-sentences.ts has its text.
 */
export type MessageLang = NonNullable<TableLanguage['messages']>;
export const MESSAGE_LANGS: readonly MessageLang[] = LANGUAGES.flatMap((l) => (l.messages === null ? [] : [l.messages]));

/**
 * The language messages are written in for a request's language: its own if shipped, else its
 * base language's message tag in the table (`pt-br` → `pt`, `es-mx` → `es`, any `zh-*` → `zh-cn`),
 * else English.
 */
export function messageLang(lang: Lang | null | undefined): MessageLang {
  if (!lang) return 'en';
  const l = lang.toLowerCase();
  if ((MESSAGE_LANGS as readonly string[]).includes(l)) return l as MessageLang;
  return languageOf(baseLang(l))?.messages ?? 'en';
}

/** Every reason the verdict can give. Codes are stable; see reasons.ts for when each applies. */
export type ReasonCode =
  | 'NO_RESULTS'
  | 'NO_CONCEPTS'
  | 'FEW_RELEVANT'
  | 'LOW_TOP_SCORE'
  | 'CONCEPTS_MISSING'
  | 'ROUTES_DISAGREE'
  | 'NO_EVIDENCE'
  | 'NO_ANSWER'
  | 'WEAK_POOL'
  | 'KEYWORD_ONLY'
  | 'ALL_CONCEPTS_FOUND'
  | 'ROUTES_AGREE'
  | 'STRONG_MATCH';

/** What a message may mention. */
export interface ReasonParams {
  /** Sections above the route thresholds (FEW_RELEVANT). */
  count?: number;
  /** The vector route's best cosine, rounded (LOW_TOP_SCORE, STRONG_MATCH). */
  similarity?: number;
  /** The query's words the best match lacks, as typed (CONCEPTS_MISSING). */
  missing?: string[];
}

type Messages = Record<ReasonCode, (p: ReasonParams) => string>;

const list = (words: string[] | undefined, separator: string, quote: (w: string) => string) => (words ?? []).map(quote).join(separator);
const fixed = (n: number | undefined) => (n ?? 0).toFixed(2);

const MESSAGES: Record<MessageLang, Messages> = {
  en: {
    NO_RESULTS: () => 'No section of the docs matches the query.',
    NO_CONCEPTS: () => 'The query has no searchable words (only common words or punctuation).',
    FEW_RELEVANT: (p) => `Only ${p.count} section${p.count === 1 ? '' : 's'} passed the relevance thresholds.`,
    LOW_TOP_SCORE: (p) => `The closest section is only loosely related to the query (similarity ${fixed(p.similarity)}).`,
    CONCEPTS_MISSING: (p) => `The best match does not mention ${list(p.missing, ', ', (w) => `“${w}”`)}.`,
    ROUTES_DISAGREE: () => 'Word matching and meaning-based search point to different pages.',
    NO_EVIDENCE: () => 'The top results have no passage that contains the query’s words.',
    NO_ANSWER: () => 'No sentence of the best match answers the question as asked.',
    WEAK_POOL: () => 'The best match is a changelog, deprecated or index page rather than an explanation.',
    KEYWORD_ONLY: () => 'Judged on word matching alone: meaning-based search did not run for this query.',
    ALL_CONCEPTS_FOUND: () => 'The best match covers every word of the query.',
    ROUTES_AGREE: () => 'Word matching and meaning-based search agree on the top pages.',
    STRONG_MATCH: (p) => `The closest section is very similar to the query (similarity ${fixed(p.similarity)}).`,
  },
  'zh-cn': {
    NO_RESULTS: () => '文档中没有与查询匹配的章节。',
    NO_CONCEPTS: () => '查询中没有可搜索的词（只有常用词或标点）。',
    FEW_RELEVANT: (p) => `只有 ${p.count} 个章节达到相关性阈值。`,
    LOW_TOP_SCORE: (p) => `最接近的章节与查询只是略微相关（相似度 ${fixed(p.similarity)}）。`,
    CONCEPTS_MISSING: (p) => `最佳匹配没有提到${list(p.missing, '、', (w) => `“${w}”`)}。`,
    ROUTES_DISAGREE: () => '关键词匹配和语义搜索指向不同的页面。',
    NO_EVIDENCE: () => '排名靠前的结果中没有包含查询词的段落。',
    NO_ANSWER: () => '最佳匹配中没有一句话能回答这个问题。',
    WEAK_POOL: () => '最佳匹配是更新日志、已弃用页面或索引页，而不是说明文档。',
    KEYWORD_ONLY: () => '仅根据关键词匹配判断：此查询未运行语义搜索。',
    ALL_CONCEPTS_FOUND: () => '最佳匹配涵盖了查询中的所有词。',
    ROUTES_AGREE: () => '关键词匹配和语义搜索对排名靠前的页面看法一致。',
    STRONG_MATCH: (p) => `最接近的章节与查询非常相似（相似度 ${fixed(p.similarity)}）。`,
  },
  ja: {
    NO_RESULTS: () => 'クエリに一致するドキュメントのセクションがありません。',
    NO_CONCEPTS: () => 'クエリに検索できる語がありません（一般的な語や記号のみです）。',
    FEW_RELEVANT: (p) => `関連度のしきい値を超えたセクションは ${p.count} 件だけです。`,
    LOW_TOP_SCORE: (p) => `最も近いセクションもクエリとの関連が弱いです（類似度 ${fixed(p.similarity)}）。`,
    CONCEPTS_MISSING: (p) => `最も一致した結果には${list(p.missing, '、', (w) => `「${w}」`)}が含まれていません。`,
    ROUTES_DISAGREE: () => 'キーワード検索と意味検索が別々のページを示しています。',
    NO_EVIDENCE: () => '上位の結果にクエリの語を含む段落がありません。',
    NO_ANSWER: () => '最も近いセクションに、質問に答える文がありません。',
    WEAK_POOL: () => '最も一致した結果は説明ではなく、変更履歴・非推奨・一覧のページです。',
    KEYWORD_ONLY: () => 'キーワード一致のみで判断しました：このクエリでは意味検索が実行されていません。',
    ALL_CONCEPTS_FOUND: () => '最も一致した結果はクエリのすべての語を含んでいます。',
    ROUTES_AGREE: () => 'キーワード検索と意味検索の上位ページが一致しています。',
    STRONG_MATCH: (p) => `最も近いセクションはクエリとよく似ています（類似度 ${fixed(p.similarity)}）。`,
  },
  es: {
    NO_RESULTS: () => 'Ninguna sección de la documentación coincide con la consulta.',
    NO_CONCEPTS: () => 'La consulta no tiene palabras que se puedan buscar (solo palabras comunes o signos).',
    FEW_RELEVANT: (p) => `Solo ${p.count} ${p.count === 1 ? 'sección superó' : 'secciones superaron'} los umbrales de relevancia.`,
    LOW_TOP_SCORE: (p) => `La sección más cercana apenas está relacionada con la consulta (similitud ${fixed(p.similarity)}).`,
    CONCEPTS_MISSING: (p) => `El mejor resultado no menciona ${list(p.missing, ', ', (w) => `«${w}»`)}.`,
    ROUTES_DISAGREE: () => 'La búsqueda por palabras y la búsqueda por significado apuntan a páginas distintas.',
    NO_EVIDENCE: () => 'Los primeros resultados no tienen ningún pasaje con las palabras de la consulta.',
    NO_ANSWER: () => 'Ninguna frase del mejor resultado responde a la pregunta tal como se formuló.',
    WEAK_POOL: () => 'El mejor resultado es un registro de cambios, una página obsoleta o un índice, no una explicación.',
    KEYWORD_ONLY: () => 'Evaluado solo por coincidencia de palabras: la búsqueda por significado no se ejecutó para esta consulta.',
    ALL_CONCEPTS_FOUND: () => 'El mejor resultado cubre todas las palabras de la consulta.',
    ROUTES_AGREE: () => 'La búsqueda por palabras y la búsqueda por significado coinciden en las primeras páginas.',
    STRONG_MATCH: (p) => `La sección más cercana es muy similar a la consulta (similitud ${fixed(p.similarity)}).`,
  },
  pt: {
    NO_RESULTS: () => 'Nenhuma seção da documentação corresponde à consulta.',
    NO_CONCEPTS: () => 'A consulta não tem palavras pesquisáveis (apenas palavras comuns ou pontuação).',
    FEW_RELEVANT: (p) => `Apenas ${p.count} ${p.count === 1 ? 'seção passou' : 'seções passaram'} pelos limites de relevância.`,
    LOW_TOP_SCORE: (p) => `A seção mais próxima está pouco relacionada à consulta (similaridade ${fixed(p.similarity)}).`,
    CONCEPTS_MISSING: (p) => `O melhor resultado não menciona ${list(p.missing, ', ', (w) => `“${w}”`)}.`,
    ROUTES_DISAGREE: () => 'A busca por palavras e a busca por significado apontam para páginas diferentes.',
    NO_EVIDENCE: () => 'Os primeiros resultados não têm nenhum trecho com as palavras da consulta.',
    NO_ANSWER: () => 'Nenhuma frase do melhor resultado responde à pergunta como foi feita.',
    WEAK_POOL: () => 'O melhor resultado é um registro de alterações, uma página obsoleta ou um índice, não uma explicação.',
    KEYWORD_ONLY: () => 'Avaliado apenas pela correspondência de palavras: a busca por significado não foi executada para esta consulta.',
    ALL_CONCEPTS_FOUND: () => 'O melhor resultado cobre todas as palavras da consulta.',
    ROUTES_AGREE: () => 'A busca por palavras e a busca por significado concordam nas primeiras páginas.',
    STRONG_MATCH: (p) => `A seção mais próxima é muito semelhante à consulta (similaridade ${fixed(p.similarity)}).`,
  },
};

export function reasonMessage(code: ReasonCode, lang: MessageLang, params: ReasonParams = {}): string {
  return MESSAGES[lang][code](params);
}

/** Every reason code, for tests and documentation. */
export const REASON_CODES: readonly ReasonCode[] = Object.keys(MESSAGES.en) as ReasonCode[];

/** The fallback message when the site configured none for the language (the `off-topic` one). */
export const DEFAULT_FALLBACK_MESSAGES: Readonly<Record<MessageLang, string>> = FALLBACK_SENTENCES;

/**
 * Why the fallback shows, so the message can say it and a site's analytics can count it:
 * `no-results` — nothing matched (or the query had no searchable words); `filtered` — nothing
 * matched within the request's filters, while sections outside them do (the answer's facet counts
 * say where); `not-covered` — words of the query appear nowhere in the docs; `off-topic` — matches
 * exist, but the verdict judged them unlikely to answer.
 */
export type FallbackCause = 'no-results' | 'filtered' | 'not-covered' | 'off-topic';

/** Most unknown words a `not-covered` message names: the rest would make a sentence nobody reads. */
const MAX_NAMED_WORDS = 3;

/**
 * The fallback's message per cause: nothing matched; nothing matched within the filters; words the
 * docs do not hold, named; or matches judged unlikely to answer (the general sentence).
 */
const CAUSE_MESSAGES: Record<MessageLang, { 'no-results': string; filtered: string; 'not-covered': (words: string[]) => string }> = {
  en: {
    'no-results': 'Nothing in the docs matches this search.',
    filtered: 'Nothing matches this search with the filters chosen; other parts of the docs do.',
    'not-covered': (w) => `The docs don’t mention ${list(w, ', ', (x) => `“${x}”`)}.`,
  },
  'zh-cn': {
    'no-results': '文档中没有与此搜索匹配的内容。',
    filtered: '在所选的筛选条件下没有与此搜索匹配的内容；文档的其他部分有。',
    'not-covered': (w) => `文档中没有提到${list(w, '、', (x) => `“${x}”`)}。`,
  },
  ja: {
    'no-results': 'この検索に一致する内容はドキュメントにありません。',
    filtered: '選択したフィルターでは、この検索に一致する内容がありません。ドキュメントの他の部分にはあります。',
    'not-covered': (w) => `ドキュメントには${list(w, '、', (x) => `「${x}」`)}についての記述がありません。`,
  },
  es: {
    'no-results': 'Nada en la documentación coincide con esta búsqueda.',
    filtered: 'Nada coincide con esta búsqueda con los filtros elegidos; otras partes de la documentación sí.',
    'not-covered': (w) => `La documentación no menciona ${list(w, ', ', (x) => `«${x}»`)}.`,
  },
  pt: {
    'no-results': 'Nada na documentação corresponde a esta pesquisa.',
    filtered: 'Nada corresponde a esta pesquisa com os filtros escolhidos; outras partes da documentação sim.',
    'not-covered': (w) => `A documentação não menciona ${list(w, ', ', (x) => `“${x}”`)}.`,
  },
};

/** Our fallback message for a cause, in a message language. */
export function fallbackMessage(cause: FallbackCause, lang: MessageLang, unknownWords: readonly string[] = []): string {
  if (cause === 'no-results' || cause === 'filtered') return CAUSE_MESSAGES[lang][cause];
  if (cause === 'not-covered' && unknownWords.length > 0) return CAUSE_MESSAGES[lang]['not-covered'](unknownWords.slice(0, MAX_NAMED_WORDS));
  return DEFAULT_FALLBACK_MESSAGES[lang];
}
