/**
 * The sentence a reader sees when the docs do not answer, in each language recall-box writes:
 * the one table both sides read — the Worker puts it in `fallback.message` (messages.ts), the
 * widget shows it when a Worker sent none (src/widget/strings.ts). A leaf module with no imports,
 * so the widget's bundle takes these five lines and nothing else of the core.
 */
export const FALLBACK_SENTENCES = Object.freeze({
  en: 'I couldn’t find this in the docs.',
  'zh-cn': '我在文档中没有找到相关内容。',
  ja: 'ドキュメント内で該当する情報が見つかりませんでした。',
  es: 'No encontré esto en la documentación.',
  pt: 'Não encontrei isto na documentação.',
} as const);
