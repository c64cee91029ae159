/**
 * A BERT-style WordPiece tokenizer, as Hugging Face `tokenizers` runs it for a `tokenizer.json` with
 * a BertNormalizer, a BertPreTokenizer and a WordPiece model — the tokenizer of Model2Vec models
 * such as `minishlab/potion-base-8M`. Pure and deterministic, so the build (embedding sections) and
 * the Worker (embedding the query) cut text into exactly the same token ids.
 *
 * Steps: clean (drop control characters, whitespace → space), space out CJK ideographs, strip
 * accents (NFD, drop combining marks) and lowercase as configured, split on whitespace and around
 * every punctuation character, then cut each word greedily into the longest vocabulary pieces,
 * continuation pieces prefixed (`##`). A word that cannot be cut completely, or is longer than
 * `maxInputCharsPerWord`, is the unknown token.
 */
import { RecallBoxError } from '../errors.ts';

/** What a pack stores about a WordPiece tokenizer (from tokenizer.json). */
export interface WordPieceSpec {
  /** Token of each id, in id order. */
  vocab: string[];
  unkToken: string;
  /** Prefix of a piece that continues a word. HF default `##`. */
  continuingPrefix: string;
  /** Longer words are the unknown token. HF default 100. */
  maxInputCharsPerWord: number;
  lowercase: boolean;
  stripAccents: boolean;
  /** Put spaces around CJK ideographs, so each is a word of its own. */
  handleChineseChars: boolean;
}

/** A spec ready to tokenize with: the token → id map. */
export interface WordPieceTokenizer extends WordPieceSpec {
  idOf: ReadonlyMap<string, number>;
  unkId: number;
}

export function prepareWordPiece(spec: WordPieceSpec): WordPieceTokenizer {
  const idOf = new Map<string, number>();
  spec.vocab.forEach((token, id) => {
    if (idOf.has(token)) throw new RecallBoxError('INDEX_CORRUPT', `WordPiece vocabulary lists "${token}" twice.`);
    idOf.set(token, id);
  });
  const unkId = idOf.get(spec.unkToken);
  if (unkId === undefined) throw new RecallBoxError('INDEX_CORRUPT', `WordPiece unknown token "${spec.unkToken}" is not in the vocabulary.`);
  return { ...spec, idOf, unkId };
}

const CONTROL = /[\p{Cc}\p{Cf}]/u;
const WHITESPACE = /\s/u;
const COMBINING_MARK = /\p{Mn}/gu;
const PUNCTUATION = /\p{P}/u;

/** BERT's "CJK character": the CJK Unified Ideographs blocks and their compatibility forms. */
function isCjk(cp: number): boolean {
  return (
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x20000 && cp <= 0x2a6df) ||
    (cp >= 0x2a700 && cp <= 0x2b73f) ||
    (cp >= 0x2b740 && cp <= 0x2b81f) ||
    (cp >= 0x2b820 && cp <= 0x2ceaf) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0x2f800 && cp <= 0x2fa1f)
  );
}

/** BERT counts every non-alphanumeric ASCII printable character as punctuation, `$` and `^` too. */
function isPunctuation(ch: string, cp: number): boolean {
  return (cp >= 33 && cp <= 47) || (cp >= 58 && cp <= 64) || (cp >= 91 && cp <= 96) || (cp >= 123 && cp <= 126) || PUNCTUATION.test(ch);
}

/** Normalised text split into words (BertNormalizer + BertPreTokenizer). */
export function basicWords(text: string, spec: Pick<WordPieceSpec, 'lowercase' | 'stripAccents' | 'handleChineseChars'>): string[] {
  let cleaned = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0 || cp === 0xfffd || (CONTROL.test(ch) && ch !== '\t' && ch !== '\n' && ch !== '\r')) continue;
    if (WHITESPACE.test(ch)) cleaned += ' ';
    else if (spec.handleChineseChars && isCjk(cp)) cleaned += ` ${ch} `;
    else cleaned += ch;
  }
  if (spec.stripAccents) cleaned = cleaned.normalize('NFD').replace(COMBINING_MARK, '');
  if (spec.lowercase) cleaned = cleaned.toLowerCase();
  const words: string[] = [];
  for (const chunk of cleaned.split(' ')) {
    let word = '';
    for (const ch of chunk) {
      if (isPunctuation(ch, ch.codePointAt(0)!)) {
        if (word) words.push(word);
        words.push(ch);
        word = '';
      } else word += ch;
    }
    if (word) words.push(word);
  }
  return words;
}

/** Ids of one word: greedy longest-match pieces, or the unknown token alone. */
function wordPieces(word: string, t: WordPieceTokenizer): number[] {
  const chars = Array.from(word);
  if (chars.length > t.maxInputCharsPerWord) return [t.unkId];
  const ids: number[] = [];
  let start = 0;
  while (start < chars.length) {
    let end = chars.length;
    let found: number | undefined;
    while (start < end) {
      const piece = (start > 0 ? t.continuingPrefix : '') + chars.slice(start, end).join('');
      found = t.idOf.get(piece);
      if (found !== undefined) break;
      end--;
    }
    if (found === undefined) return [t.unkId];
    ids.push(found);
    start = end;
  }
  return ids;
}

/** Token ids of `text`, in order, unknown tokens included (no special tokens added). */
export function wordPieceIds(text: string, t: WordPieceTokenizer): number[] {
  return basicWords(text, t).flatMap((w) => wordPieces(w, t));
}
