import { dayNowhere } from './day-spans.js';
import { valueConflict, type FoundConflict } from './found-conflict.js';
import type { ClaimSentence, ClaimText } from './claim-profile.js';
import { sameQuantity, type Quantity } from './quantity.js';

/**
 * A list of days of the week with one day changed: "每周二和周四" against "on Tuesdays and Fridays". The claim names a
 * day the source gives nowhere (`dayNowhere`) beside a day a source sentence gives, and that sentence gives another
 * day the claim leaves out: the day the claim changed. Read in either language, as days are written alike in both.
 */
export function changedDayInList(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  const days = claim.quantities.filter(isDay);
  if (days.length < 2) return undefined;
  const named = (own: Quantity) => days.some((other) => sameQuantity(other, own));
  for (const clause of claim.clauses) {
    for (const day of clause.quantities) {
      if (!isDay(day) || !dayNowhere(day, clause, source)) continue;
      for (let s = 0; s < source.sentences.length; s++) {
        const held = source.sentences[s]!.quantities.filter(isDay);
        if (!held.some(named)) continue;
        const left = held.find((own) => !named(own));
        if (left !== undefined) return valueConflict(day, left, s);
      }
    }
  }
  return undefined;
}

function isDay(quantity: Quantity): boolean {
  return quantity.cls === 'weekday';
}
