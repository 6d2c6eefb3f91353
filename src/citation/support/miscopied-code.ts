import type { ClaimSentence, ClaimText } from './claim-profile.js';
import { valueConflict, type FoundConflict } from './found-conflict.js';
import { PHONE_KEY, type Quantity } from './quantity.js';

/**
 * A phone number the source gives with a digit or two changed, or two digits traded: "Any questions can go to the
 * lounge enquiries line on 0161 555 0184" against "Enquiries: 0161 555 0148". However little else the sentence shares
 * with the source, such a number is the source's, miscopied: it is shown as the number a reader would dial. Where the
 * source gives several numbers, the claim clause must share a word with the sentence giving the near one
 * ("enquiries"); and the claim must give none of the source's numbers as written: "call 0113 496 0000; faxes go to
 * 0113 496 0001" names a second line beside the first.
 */
export function miscopiedPhone(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  const held = source.quantities.filter((value) => phoneDigits(value) !== undefined);
  if (held.length === 0) return undefined;
  const heldDigits = new Set(held.map(phoneDigits));
  if (claim.quantities.some((quantity) => heldDigits.has(phoneDigits(quantity)))) return undefined;
  for (const clause of claim.clauses) {
    for (const quantity of clause.quantities) {
      const digits = phoneDigits(quantity);
      if (digits === undefined) continue;
      for (const value of held) {
        if (!nearlyTheSame(digits, phoneDigits(value)!)) continue;
        const sentence = source.sentences.findIndex((said) => said.quantities.includes(value));
        const words = source.sentences[sentence]!.terms;
        if (held.length === 1 || clause.terms.some((term) => words.has(term.term)))
          return valueConflict(quantity, value, sentence);
      }
    }
  }
  return undefined;
}

function phoneDigits(quantity: Quantity): string | undefined {
  return quantity.cls === 'dotted' && quantity.key?.startsWith(PHONE_KEY)
    ? quantity.key.slice(PHONE_KEY.length)
    : undefined;
}

/** Of one length, and apart in at most two digits: two digits traded are two apart. */
function nearlyTheSame(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let apart = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) apart++;
  return apart <= MOST_DIGITS_APART;
}

const MOST_DIGITS_APART = 2;
