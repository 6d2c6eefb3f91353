import type { ClaimSentence, ClaimText } from './claim-profile.js';
import { valueConflict, type FoundConflict } from './found-conflict.js';
import { PHONE_KEY, type Quantity } from './quantity.js';

/**
 * A phone number the source gives with a digit or two changed, or two digits traded: "0161 555 0184" against
 * "Enquiries: 0161 555 0148". Whatever the rest of the sentence says, however little it shares with the source, such
 * a number is the source's, miscopied: no other line has its digits but one or two. Shown at any alignment, as
 * the number a reader would dial.
 */
export function miscopiedPhone(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  for (const quantity of claim.quantities) {
    const digits = phoneDigits(quantity);
    if (digits === undefined) continue;
    const held = source.quantities.filter((value) => phoneDigits(value) !== undefined);
    if (held.some((value) => phoneDigits(value) === digits)) continue;
    for (const value of held) {
      if (!nearlyTheSame(digits, phoneDigits(value)!)) continue;
      const sentence = source.sentences.findIndex((said) => said.quantities.includes(value));
      return valueConflict(quantity, value, sentence);
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
