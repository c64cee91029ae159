/**
 * Every system the evaluation harness compares: recall-box's configurations first, then the
 * peers, each peer in its documented default usage and its tuned English setup. Each call builds
 * fresh, unindexed instances, so runs never share state.
 */
import type { EvalSystem } from '../types.ts';
import { flexsearchSystems } from './flexsearch.ts';
import { lunrSystems } from './lunr.ts';
import { minisearchSystems } from './minisearch.ts';
import { oramaSystems } from './orama.ts';
import { recallBoxSystems, type RecallBoxSystemsOptions } from './recall-box.ts';

export function allSystems(options: RecallBoxSystemsOptions = {}): EvalSystem[] {
  return [...recallBoxSystems(options), ...lunrSystems(), ...minisearchSystems(), ...oramaSystems(), ...flexsearchSystems()];
}
