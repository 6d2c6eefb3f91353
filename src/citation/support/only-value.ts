import { measuredWord } from './claim-conflicts.js';
import type { ClaimSentence, ClaimText } from './claim-profile.js';
import type { FoundConflict } from './found-conflict.js';
import { comparable, conflictKind, disagree, sameQuantity, type Quantity } from './quantity.js';
import { workedOut } from './worked-out.js';

/**
 * A changed number in a sentence that rests on the source too loosely to bind it by its words, where the source gives
 * one value of its kind and that value measures the word the claim's value measures: "Both thermostats come with a
 * 3-year limited warranty, so you're covered for a good while" against "… and both carry a 2-year limited warranty",
 * "`--parallel` runs 8 workers" against "`--parallel` defaults to 4 workers". Said exactly, not about or at most.
 */
export function onlyValueConflict(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  for (const clause of claim.clauses) {
    for (const quantity of clause.quantities) {
      if (quantity.compared || quantity.range || quantity.approx || quantity.loose) continue;
      const word = measuredWord(clause, quantity);
      if (word === undefined) continue;
      const held = onlyOfKind(quantity, source);
      if (held === undefined || !disagree(quantity, held.value)) continue;
      const other = held.clause.clause;
      if (measuredWord(other, held.value) !== word) continue;
      // The measured word and another: "limited warranty", "`--parallel` … workers".
      if (clause.terms.filter((term) => other.termSet.has(term.term)).length < SHARED_TERMS) continue;
      const sentence = source.sentences[held.clause.sentence]!;
      if (workedOut(quantity, held.value, claim.quantities, sentence.quantities)) continue;
      return {
        conflict: { kind: conflictKind(quantity, held.value), claim: quantity.text, source: held.value.text },
        sentence: held.clause.sentence,
      };
    }
  }
  return undefined;
}

const SHARED_TERMS = 2;

/** The source's one value of the quantity's kind, with its clause; none where it gives two or more. */
function onlyOfKind(
  quantity: Quantity,
  source: ClaimText,
): { value: Quantity; clause: ClaimText['clauses'][number] } | undefined {
  let found: { value: Quantity; clause: ClaimText['clauses'][number] } | undefined;
  for (const clause of source.clauses) {
    for (const value of clause.clause.quantities) {
      if (!comparable(quantity, value)) continue;
      if (found !== undefined) return undefined;
      found = { value, clause };
    }
  }
  return found;
}

/**
 * A changed number in a loosely worded sentence, beside another number that says which source clause it speaks of:
 * "Full-marathon runners need to get through the 30 km checkpoint by 11:45 to stay in the race" against "Full-marathon
 * runners must reach the 30 km checkpoint by 11:15". The source clause gives the other number, words of the claim's
 * clause, and one value of the changed number's kind; no other source clause does.
 */
export function anchoredValueConflict(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  for (const clause of claim.clauses) {
    if (clause.quantities.length < 2) continue;
    for (const quantity of clause.quantities) {
      if (quantity.compared || quantity.range || quantity.approx) continue;
      const anchors = clause.quantities.filter((other) => other !== quantity && !other.range);
      let found: { value: Quantity; sentence: number } | undefined;
      let count = 0;
      for (const { clause: other, sentence } of source.clauses) {
        const ofKind = other.quantities.filter((held) => comparable(quantity, held));
        if (ofKind.length !== 1) continue;
        if (
          !anchors.some((anchor) => other.quantities.some((held) => held !== ofKind[0] && sameQuantity(anchor, held)))
        )
          continue;
        if (clause.terms.filter((term) => other.termSet.has(term.term)).length < SHARED_TERMS) continue;
        count++;
        found = { value: ofKind[0]!, sentence };
      }
      // A bound against a bound ("by 11:45", "by 11:15"), a value against a value.
      if (count !== 1 || found === undefined || found.value.loose !== quantity.loose) continue;
      if (!disagree(quantity, found.value)) continue;
      if (workedOut(quantity, found.value, claim.quantities, source.sentences[found.sentence]!.quantities)) continue;
      return {
        conflict: { kind: conflictKind(quantity, found.value), claim: quantity.text, source: found.value.text },
        sentence: found.sentence,
      };
    }
  }
  return undefined;
}
