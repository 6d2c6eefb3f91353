import type { FoundConflict } from './found-conflict.js';
import type { ClaimSentence, ClaimText, Clause } from './claim-profile.js';

/**
 * A claim that takes in what the source excepts from a rule: "在非定点医院进行急诊抢救的费用同样不能报销" against
 * "在非定点医院就诊的费用一律不予报销，急诊抢救除外"; "The rule applies to Sundays too" against "… daily, except
 * Sundays". The claim says it of the excepted thing with a word that includes it (too, also, even, including, 同样,
 * 也, 即使), and names a word the source's exception names.
 */
export function exceptionIncluded(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  const includes = (claim.holdsHan ? HAN_INCLUDING : INCLUDING).test(claim.text);
  if (!includes) return undefined;
  const claimTerms = claim.terms;
  for (const { clause, sentence } of source.clauses) {
    if (clause.holdsHan !== claim.holdsHan) continue;
    const scope = exceptionScope(clause);
    if (scope === undefined) continue;
    const inScope = (term: { start: number; end: number }) => term.start >= scope.start && term.end <= scope.end;
    const rule = source.sentences[sentence]!.clauses.flatMap((own) => own.terms.filter((term) => !inScope(term)));
    const ruleWords = new Set(rule.map((term) => term.term));
    // A word only the exception says names the thing excepted ("急诊抢救", "juniors"); one the rule says too ("商品" of
    // "定制商品除外") does not.
    const named = clause.terms.some((term) => inScope(term) && claimTerms.has(term.term) && !ruleWords.has(term.term));
    // The rule the exception is made to must be the claim's too: a word of the sentence outside the exception.
    if (!named || !rule.some((term) => claimTerms.has(term.term))) continue;
    return {
      conflict: {
        kind: 'negation',
        claim: claim.text,
        source: clause.text.slice(scope.start - clause.start, scope.end - clause.start),
      },
      sentence,
    };
  }
  return undefined;
}

/** Words that take a thing in with the rest: "too", "even", "including", 同样, 也. */
const INCLUDING = /\b(?:even|including|also|too|as well|just like|like any other)\b/i;
const HAN_INCLUDING = /同样|也|即使|即便|就算|哪怕/u;

/** Words that open an exception in English, or the case a rule is lifted in ("unless"), its scope running to the clause's end. */
const EXCEPTING =
  /\b(?:except(?:ing)?(?: for| when| if)?|excluding|apart from|other than|with the exception of|unless)\s+/i;

/** The offsets of what a clause excepts from its rule: after "except", before 除外, after 除了. */
function exceptionScope(clause: Clause): { start: number; end: number } | undefined {
  const text = clause.text;
  if (!clause.holdsHan) {
    const match = EXCEPTING.exec(text);
    if (match === null) return undefined;
    return { start: clause.start + match.index + match[0].length, end: clause.end };
  }
  const after = text.indexOf('除外');
  if (after > 0) {
    const from = Math.max(text.lastIndexOf('（', after), text.lastIndexOf('(', after), 0);
    return { start: clause.start + from, end: clause.start + after };
  }
  const before = text.indexOf('除了');
  if (before >= 0) {
    const end = text.search(/以外|之外|外/u);
    return { start: clause.start + before + 2, end: clause.start + (end > before ? end : text.length) };
  }
  return undefined;
}
