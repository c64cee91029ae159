/**
 * The evaluation harness's shared shapes: a system indexes a dataset's documents and answers its
 * queries. Every system — recall-box's configurations and the
 * peers — sees the same documents and the same query texts.
 */
import type { EvalDoc, EvalQuery, EvalDataset } from '../datasets/types.ts';

/** The dataset shapes live with the datasets (src/datasets/types.ts); the harness re-exports them. */
export type { EvalDoc, EvalQuery, EvalDataset };

/**
 * What a deciding system shows for a query: the hits as an answer, the hits under a notice that
 * they may not answer the question, or a fallback message instead of them. The core's
 * ConfidenceOutcome, restated so that the harness's contract does not depend on the core.
 */
export type AnswerOutcome = 'answer' | 'uncertain' | 'fallback';

export interface EvalHit {
  docId: string;
  score: number;
  /** The recall pool of the hit's section, when the system has pools (recall-box's pipeline does). */
  pool?: string;
}

export interface EvalAnswer {
  hits: EvalHit[];
  /**
   * The system's confidence that it answered, in [0, 1], when it reports one (recall-box does;
   * peers do not). Used by the withheld-documents confidence protocol.
   */
  confidence?: number;
  /** The system's own decision to show the hits as an answer, when it makes one (recall-box's `shouldAnswer`). */
  answered?: boolean;
  /**
   * What the reader is shown, when the system says (recall-box's `confidence.outcome`); a system
   * that sets only `answered` is read as `answer` or `fallback` (eval/answering.ts, outcomeOf).
   * When both are set, `answered === (outcome === 'answer')`.
   */
  outcome?: AnswerOutcome;
  /** The signals behind the confidence, by name (recall-box's verdict), for the per-signal AUROC. */
  signals?: Readonly<Record<string, number | null>>;
}

export interface EvalSystem {
  /** e.g. `recall-box:keyword`, `lunr:default`, `minisearch:english`. */
  name: string;
  peer: boolean;
  /** One line: what configuration this is and why it is fair. */
  description: string;
  index(docs: readonly EvalDoc[]): Promise<void>;
  /** Async because recall-box's pipeline is (it reads a pack lazily, as the Worker does); peers answer at once. */
  search(query: string, k: number): Promise<EvalAnswer>;
}
