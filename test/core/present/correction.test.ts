import { describe, expect, it } from 'vitest';
import { correctionOf } from '../../../src/core/present/correction.ts';
import { segment, terms } from '../../../src/core/analysis/segment.ts';
import type { TermVariant } from '../../../src/core/keyword/expand.ts';

const ANALYZER = {};
const stem = (word: string) => terms(word, 'en', ANALYZER)[0]!;
const typo = (typed: string, read: string): TermVariant[] => [
  { term: stem(typed), weight: 1, kind: 'exact' },
  { term: stem(read), weight: 0.7, kind: 'typo' },
];
const exact = (word: string): TermVariant[] => [{ term: stem(word), weight: 1, kind: 'exact' }];
const texts = (...t: string[]) => t.map((text) => ({ text, tokens: segment(text, 'en', ANALYZER) }));

describe('correctionOf', () => {
  it('shows the form the results write that is nearest to what was typed', () => {
    const c = correctionOf('deplo', ['deplo'], [typo('deplo', 'deploy')], [stem('deploy')], texts('Deploying the Worker', 'How to deploy it'));
    expect(c).toEqual({ query: 'deploy', words: [{ typed: 'deplo', corrected: 'deploy' }] });
  });

  it('replaces the corrected word only where it stands as a word, keeping the rest as typed', () => {
    const groups = [exact('hono'), typo('midleware', 'middleware')];
    const c = correctionOf('Hono midleware', ['Hono', 'midleware'], groups, [stem('hono'), stem('middleware')], texts('Middleware runs before the handler.'));
    // Typed in lower case, so shown in lower case though the docs capitalise it.
    expect(c).toEqual({ query: 'Hono middleware', words: [{ typed: 'midleware', corrected: 'middleware' }] });
    const inside = correctionOf('xmidleware midleware', ['midleware'], [typo('midleware', 'middleware')], [stem('middleware')], texts('middleware'));
    expect(inside?.query).toBe('xmidleware middleware');
  });

  it('is null when no word was corrected, or the results never write the corrected term', () => {
    expect(correctionOf('deploy', ['deploy'], [exact('deploy')], [stem('deploy')], texts('deploy'))).toBeNull();
    expect(correctionOf('deplo', ['deplo'], [typo('deplo', 'deploy')], [stem('deploy')], texts('nothing related'))).toBeNull();
  });
});
