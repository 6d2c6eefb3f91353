import type { Window } from './claim-alignment.js';
import type { FoundConflict } from './found-conflict.js';
import type { ClaimSentence, ClaimText } from './claim-profile.js';

/**
 * A rule said to hold without exception where the source makes one: "Lawyers can't represent anyone at a small claims
 * hearing, with no exceptions" against "… may not be represented by a lawyer, except when the claim involves a
 * deposit dispute"; "cancelling will always cost you $5" against "a $5 fee applies, unless the driver is late";
 * "即使赶上法定节假日也不开放" against "每周一闭馆（法定节假日除外）". The claim says its rule holds in every case, names no
 * exception of its own, and rests on the source sentence that makes one.
 */
export function exceptionDropped(claim: ClaimSentence, source: ClaimText, window: Window): FoundConflict | undefined {
  const universal = (claim.holdsHan ? HAN_EVERY_CASE : EVERY_CASE).exec(claim.text);
  if (universal === null || (claim.holdsHan ? HAN_EXCEPTION : EXCEPTION).test(claim.text)) return undefined;
  for (const s of window.sentences) {
    const sentence = source.sentences[s]!;
    if (sentence.holdsHan !== claim.holdsHan) continue;
    const exception = (sentence.holdsHan ? HAN_EXCEPTION : EXCEPTION).exec(sentence.text);
    if (exception === null) continue;
    return {
      conflict: { kind: 'negation', claim: claim.text, source: exception[0] },
      sentence: s,
    };
  }
  return undefined;
}

/** Words that say a rule holds in every case. */
const EVERY_CASE =
  /\b(?:with(?:out)? (?:no )?exceptions?|no exceptions|always|in (?:all|every) cases?|under any circumstances|whatever the (?:reason|circumstances)|regardless of)\b/i;
const HAN_EVERY_CASE = /即使|即便|哪怕|无论|不论|一律|没有例外|无一例外/;
/** Words that make an exception to a rule. */
const EXCEPTION =
  /\b(?:except(?:ing)?|unless|excluding|apart from|other than|with the exception of|does not apply|do not apply|doesn't apply|don't apply)\b/i;
const HAN_EXCEPTION = /除外|除了|除非|不适用|例外/;
