import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basicWords, prepareWordPiece, wordPieceIds, type WordPieceSpec } from '../../../src/core/embed/wordpiece.ts';
import { thrown } from '../../support/errors.ts';

const BERT = { lowercase: true, stripAccents: true, handleChineseChars: true };

function tokenizer(vocab: string[], overrides: Partial<WordPieceSpec> = {}) {
  return prepareWordPiece({ vocab, unkToken: '[UNK]', continuingPrefix: '##', maxInputCharsPerWord: 100, ...BERT, ...overrides });
}
const tokens = (t: ReturnType<typeof tokenizer>, text: string) => wordPieceIds(text, t).map((id) => t.vocab[id]);

describe('basicWords (BertNormalizer + BertPreTokenizer)', () => {
  it('lowercases, strips accents and splits on whitespace and around punctuation', () => {
    // Hugging Face's own BasicTokenizer test sentence.
    expect(basicWords(' \tHeLLo!how  \n Are yoU?  ', BERT)).toEqual(['hello', '!', 'how', 'are', 'you', '?']);
    expect(basicWords('UNwant\u00E9d,running', BERT)).toEqual(['unwanted', ',', 'running']);
  });

  it('keeps case and accents when told to', () => {
    expect(basicWords('Héllo World', { lowercase: false, stripAccents: false, handleChineseChars: true })).toEqual(['Héllo', 'World']);
  });

  it('makes each CJK ideograph a word, and drops control characters', () => {
    expect(basicWords('路由参数ab\u0000c\u200b', BERT)).toEqual(['路', '由', '参', '数', 'abc']);
  });

  it('splits code on punctuation, ASCII symbols included', () => {
    expect(basicWords('c.req.param("id") $x^2', BERT)).toEqual(['c', '.', 'req', '.', 'param', '(', '"', 'id', '"', ')', '$', 'x', '^', '2']);
  });
});

describe('WordPiece', () => {
  // Hugging Face's WordPiece test vocabulary and expectations.
  const t = tokenizer(['[UNK]', '[CLS]', '[SEP]', 'want', '##want', '##ed', 'wa', 'un', 'runn', '##ing', ',']);

  it('cuts words greedily into the longest pieces, continuation pieces prefixed', () => {
    expect(tokens(t, 'UNwant\u00E9d,running')).toEqual(['un', '##want', '##ed', ',', 'runn', '##ing']);
  });

  it('makes a word it cannot cut completely the unknown token, alone', () => {
    expect(tokens(t, 'unwantedX running')).toEqual(['[UNK]', 'runn', '##ing']);
  });

  it('makes a word longer than maxInputCharsPerWord the unknown token', () => {
    const short = tokenizer(['[UNK]', 'want'], { maxInputCharsPerWord: 3 });
    expect(tokens(short, 'want')).toEqual(['[UNK]']);
  });

  it('refuses a vocabulary without its unknown token, or with a token twice', () => {
    expect(thrown(() => tokenizer(['want'])).code).toBe('INDEX_CORRUPT');
    expect(thrown(() => tokenizer(['[UNK]', 'a', 'a'])).code).toBe('INDEX_CORRUPT');
  });

  it('never throws and returns only vocabulary ids, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        for (const id of wordPieceIds(text, t)) expect(id >= 0 && id < t.vocab.length).toBe(true);
      }),
    );
  });
});
