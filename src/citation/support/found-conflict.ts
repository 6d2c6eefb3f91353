import type { SupportConflict } from './support-verifier.js';

/** A disagreement found between a claim sentence and a source, and the source sentence it is found in. */
export interface FoundConflict {
  conflict: SupportConflict;
  /** The source sentence that disagrees. */
  sentence: number;
}
