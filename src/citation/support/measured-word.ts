import type { Clause } from './claim-profile.js';
import type { Quantity } from './quantity.js';

/**
 * The word a value measures, when the claim says it right after the value ("7 g of yeast", "3 kg flour"): a source
 * clause that gives a value of that word is the one the value is about, before one that only shares the sentence's
 * subject ("The ciabatta uses the same 500 g of flour").
 */
export function measuredWord(clause: Clause, quantity: Quantity): string | undefined {
  const next = clause.terms.find((term) => term.start >= quantity.end);
  if (next === undefined || next.name) return undefined;
  const between = clause.text.slice(quantity.end - clause.start, next.start - clause.start);
  return MEASURED_GAP.test(between) ? next.term : undefined;
}

/** Only "of" (or nothing) between a value and the word it measures. */
const MEASURED_GAP = /^\s*(?:of\s+)?$/i;
