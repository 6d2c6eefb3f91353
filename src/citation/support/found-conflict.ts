import { conflictKind, type Quantity } from './quantity.js';
import type { SupportConflict } from './support-verifier.js';

/** A disagreement found between a claim sentence and a source, and the source sentence it is found in. */
export interface FoundConflict {
  conflict: SupportConflict;
  /** The source sentence that disagrees. */
  sentence: number;
}

/** A value of the claim that the source gives otherwise, in the source sentence `sentence`. */
export function valueConflict(claim: Quantity, source: Quantity, sentence: number): FoundConflict {
  return { conflict: { kind: conflictKind(claim, source), claim: claim.text, source: source.text }, sentence };
}
