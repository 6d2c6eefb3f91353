import type { ClaimSentence, ClaimText } from './claim-profile.js';
import { comparable, conflictKind, sameQuantity, type Quantity } from './quantity.js';
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

/** The claim's value a conflict names. */
export function claimValue(found: FoundConflict, claim: ClaimSentence): Quantity | undefined {
  return claim.quantities.find((quantity) => quantity.text === found.conflict.claim);
}

/** A value the source gives too, to something else than the claim gives it to when they conflict: a swap. */
export function heldElsewhere(quantity: Quantity, source: ClaimText): boolean {
  return source.quantities.some((held) => comparable(quantity, held) && sameQuantity(quantity, held));
}
