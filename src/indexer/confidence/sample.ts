/**
 * What the confidence model is fitted on: one labelled query, with the signals the Worker's own
 * pipeline computed for it. The model fit (fit.ts) and the threshold rules (thresholds.ts) share it.
 */
import type { QueryStrategy } from '../../core/analysis/query.ts';
import type { ConfidenceSignals } from '../../core/confidence/signals.ts';

/** A query's signals, strategy and label, for fitting. */
export interface CalibrationSample {
  signals: ConfidenceSignals;
  strategy: QueryStrategy;
  answerable: boolean;
  /**
   * An unanswerable query from outside the site (datasets/off-topic-queries.ts): the model is
   * fitted on it, so it learns what words the docs never mention say, but the thresholds are not
   * read off it (fitThresholds), since off-topic questions score far below the site's own hard
   * negatives and would pull every threshold down with them.
   */
  offTopic?: boolean;
}
