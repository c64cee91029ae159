/**
 * Every system the evaluation harness compares: recall-box's configurations first, then the
 * peers, each peer in its documented default usage and its tuned English setup. Each call builds
 * fresh, unindexed instances, so runs never share state.
 */
import type { EvalSystem } from '../types.ts';
import { flexsearchSystems } from '../peers/flexsearch.ts';
import { lunrSystems } from '../peers/lunr.ts';
import { minisearchSystems } from '../peers/minisearch.ts';
import { oramaSystems } from '../peers/orama.ts';
import { pagefindSystems } from '../peers/pagefind.ts';
import { recallBoxSystems, type RecallBoxSystemsOptions } from './recall-box.ts';

export function allSystems(options: RecallBoxSystemsOptions = {}): EvalSystem[] {
  return [...recallBoxSystems(options), ...lunrSystems(), ...minisearchSystems(), ...oramaSystems(), ...flexsearchSystems(), ...pagefindSystems()];
}
