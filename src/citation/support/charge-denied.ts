import { bestBound, sharedCount } from './claim-alignment.js';
import type { ClaimSentence, ClaimText, Clause } from './claim-profile.js';
import type { FoundConflict } from './found-conflict.js';

/**
 * A claim that something costs nothing where the source charges for it: "There's no penalty for missing the
 * installation appointment" against "a missed appointment without 24 hours' notice incurs a £35 charge"; "在禁停区还车
 * 也不会多收钱" against "在禁停区还车需额外支付5元调度费". The claim's clause says no charge and gives no price; the
 * one source clause that shares most of its other words gives a price, and says nothing free. On the labelled pairs
 * (counted, not listed), this caught 3 more wrong paragraphs on dev and 2 on the test splits, with no more warnings;
 * with two shared English words it warned about one correct paragraph on each split.
 */
export function chargeDenied(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  // A sentence that gives a price ("you pay a flat £15 a month, and rides cost nothing extra") says what is charged.
  if (claim.quantities.some(priced)) return undefined;
  for (const clause of claim.clauses) {
    const free = (clause.holdsHan ? HAN_FREE : FREE).exec(clause.text);
    if (free === null) continue;
    // What is had free: the clause's words, and those of a condition before it that names the case ("If you miss the
    // appointment, | there's no fee").
    const words = new Set([...clause.termSet, ...clause.context]);
    const before = claim.clauses[claim.clauses.indexOf(clause) - 1];
    if (before !== undefined && CONDITION.test(before.text)) for (const term of before.termSet) words.add(term);
    for (const term of CHARGE_TERMS) words.delete(term);
    const least = clause.holdsHan ? HAN_SHARED_TERMS : SHARED_TERMS;
    const { best } = bestBound(source.clauses, ({ clause: other }) => {
      const shared = sharedCount(other.termSet, words);
      return shared >= least ? shared : 0;
    });
    if (best.length !== 1 || !charges(best[0]!.clause)) continue;
    const priceClause = best[0]!;
    return {
      conflict: { kind: 'negation', claim: free[0], source: priceClause.clause.text },
      sentence: priceClause.sentence,
    };
  }
  return undefined;
}

/** Words the thing had free shares with its price's clause that say the charge, not the thing. */
const CHARGE_TERMS = ['cost', 'free', 'penalti', 'surcharg', 'supplement', 'extra', 'pai'];
/** An English clause shares the thing and what is done with it; a Chinese one's words are fewer and longer. */
const SHARED_TERMS = 3;
const HAN_SHARED_TERMS = 2;
const CONDITION = /^(?:if|when|even if|whether)\b|^(?:如果|即使|就算|要是)/iu;

const FREE =
  /\b(?:no (?:extra |additional |cancellation |late |booking |admin )?(?:charge|fee|penalty|surcharge)s?|free of charge|(?:at|for) no (?:extra |additional )?(?:cost|charge)|won't (?:be )?charged|(?:doesn't|does not|won't|will not) cost (?:you )?(?:anything|a penny|extra)|costs? nothing|without (?:any )?(?:charge|penalty|extra cost))\b/i;
const HAN_FREE =
  /不会多收|不另收|免收|不收取?(?:任何)?(?:费|钱)|无需(?:额外)?(?:支付|付费|缴纳)|不存在.{0,4}费|不用(?:额外)?(?:付|交)/u;

/** A price of the claim's own ("free, then £5"): the claim is not saying it costs nothing. */
function priced(quantity: { cls: string; value: number }): boolean {
  return quantity.cls.startsWith('money:') && quantity.value > 0;
}

/** A clause that charges: it gives a price, and says nothing is free or waived. */
function charges(clause: Clause): boolean {
  if (!clause.quantities.some(priced)) return false;
  return !(clause.holdsHan ? HAN_WAIVED : WAIVED).test(clause.text);
}

const WAIVED = /\b(?:free|no (?:charge|fee|cost)|waived|refund(?:ed|able)?|without charge|included)\b/i;
const HAN_WAIVED = /免费|免收|不收|退还|减免|包含|含/u;
