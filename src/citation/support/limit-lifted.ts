import { bestBound, sharedCount } from './claim-alignment.js';
import type { ClaimSentence, ClaimText, Clause } from './claim-profile.js';
import type { FoundConflict } from './found-conflict.js';

/**
 * A claim that lifts a limit on how many times a thing may be done, where the source sets one: "Guests can come and
 * shoot as often as they like" against "Guests may shoot up to 3 times per year"; "租房提取不限次数" against "租房提取每年
 * 可办理一次". The claim says there is no limit and gives no count of its own; the source clause that sets the count
 * shares words of the claim's clause beside its limit, and no other source clause does as well. On the labelled pairs
 * (counted, not listed), this caught 4 more wrong paragraphs on dev and none on the test splits, with no more warnings.
 */
export function limitLifted(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  const lifted = (claim.holdsHan ? HAN_NO_LIMIT : NO_LIMIT).exec(claim.text);
  if (lifted === null || claim.quantities.some(counts)) return undefined;
  // The words of the claim beside its "no limit" say what it says may be done without one.
  const { best } = bestBound(source.clauses, ({ clause }) => {
    if (!setsCount(clause)) return 0;
    const shared = sharedCount(clause.termSet, claim.terms);
    return shared >= SHARED_TERMS ? shared : 0;
  });
  if (best.length !== 1) return undefined;
  const limiting = best[0]!;
  return { conflict: { kind: 'number', claim: lifted[0], source: limiting.clause.text }, sentence: limiting.sentence };
}

/** Words the limiting clause must share with the claim: the thing done and one more. */
const SHARED_TERMS = 2;

const NO_LIMIT =
  /\b(?:as (?:often|many times) as (?:you|they|he|she|we) (?:like|want|wish|need)|any number of times|unlimited (?:number of )?(?:times|renewals|visits|changes|withdrawals|entries|rebookings)|no limit (?:on|to) (?:how (?:many|often)|the number of times))\b/i;
const HAN_NO_LIMIT = /不限次数|次数不限|没有次数限制|无限次|不限制次数|多次|反复|重复申请|每次都可以/u;

/** A count of times the claim gives itself ("up to 3 times", "两次"): then it states a limit, not its lifting. */
function counts(quantity: { cls: string }): boolean {
  return quantity.cls === 'count:次' || quantity.cls === 'bare';
}

/** A clause that sets how many times a thing may be done: "up to 3 times per year", "每年可办理一次", "限享受一次". */
function setsCount(clause: Clause): boolean {
  if (clause.holdsHan) {
    return clause.quantities.some((quantity) => quantity.cls === 'count:次') && HAN_LIMITING.test(clause.text);
  }
  return COUNT_LIMIT.test(clause.text);
}

const HAN_LIMITING = /限|只能|仅|最多|不超过|每.{0,3}可|一次性/u;
const TIMES = '(?:once|twice|one|two|three|four|five|six|\\d+)(?: times?)?';
const COUNT_LIMIT = new RegExp(
  `\\b(?:(?:up to|at most|no more than|a maximum of|limited to|only|just) ${TIMES}\\b|(?:once|twice|\\d+ times) (?:a|per|each|in any) (?:year|month|week|day|calendar|visit|booking|period)|can(?:not|'t)? be (?:renewed|changed|extended|rebooked|used) (?:only )?(?:once|twice)\\b)`,
  'i',
);
