import { SIGNAL_NAMES, type ConfidenceSignals } from '../../src/core/confidence/signals.ts';

/** A full set of confidence signals, each valued by `values(name, index)`: for fitting and reading calibrations in tests. */
export const signals = (values: (name: string, i: number) => number | null): ConfidenceSignals =>
  Object.fromEntries(SIGNAL_NAMES.map((n, i) => [n, values(n, i)])) as ConfidenceSignals;
