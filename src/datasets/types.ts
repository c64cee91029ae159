/**
 * A judged collection: documents + queries + relevance judgements, as the evaluation harness and
 * `recall-box calibrate` both read them.
 */
import type { Section } from '../core/index.ts';

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
   * Queries the collection does not answer (no unit is relevant): left out of the retrieval
   * metrics, asked of systems that decide whether to answer, to count how often they answer anyway.
   * Absent: none.
   */
  unanswerable?: EvalQuery[];
  /**
   * The unit a document counts as: itself for SMART and BEIR, its page URL for docs datasets, where
   * a result counts when its page (without #anchor) is the judged page. Rankings are deduplicated
   * by unit, keeping the first occurrence.
   */
  unitOf(docId: string): string;
}
