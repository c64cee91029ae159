/**
 * The evaluation harness's shared shapes. A dataset is documents + queries + judgements; a system
 * indexes the documents and answers queries. Every system — recall-box's configurations and the
 * peers — sees the same documents and the same query texts.
 */
import type { Section } from '../core/types.ts';

/** One indexable unit. For docs datasets it is a section; for SMART/BEIR a whole document. */
export interface EvalDoc {
  id: string;
  /** Page title (docs) or document title. */
  title: string;
  /** The section's own heading ('' for collections without headings). */
  headings: string;
  body: string;
  lang: string;
  /** The ingested section, for docs datasets: recall-box indexes it exactly as in production. */
  section?: Section;
}

export interface EvalQuery {
  id: string;
  text: string;
}

export interface EvalDataset {
  name: string;
  docs: EvalDoc[];
  queries: EvalQuery[];
  /** queryId → judged unit id → gain (> 0 relevant). Units absent from the map are not relevant. */
  qrels: Map<string, Map<string, number>>;
  /** Whether gains are graded (nDCG uses them) or binary. */
  graded: boolean;
  /**
   * The unit a document counts as: itself for SMART and BEIR, its page URL for docs datasets, where
   * a result counts when its page (without #anchor) is the judged page. Rankings are deduplicated
   * by unit, keeping the first occurrence.
   */
  unitOf(docId: string): string;
}

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
