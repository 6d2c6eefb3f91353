import type { ClaimSentence, Clause } from './claim-profile.js';
import { comparable, sameSideBounds, type Quantity } from './quantity.js';
import { shareNamed, TOTALS } from './quantity-words.js';
import { DAY } from './quantity-units.js';

/** What else the claim sentence says that a number may have been worked out with. */
export interface WorkedFrom {
  /** Percentages the claim speaks of: a value raised or lowered by one is worked out. */
  changes?: readonly Quantity[];
  /** The claim's clause says it adds values up ("in total", "together"): a sum of two is worked out. */
  totalled?: boolean;
  /** The values of the source sentences the claim rests on: a difference or a total may gather them. */
  around?: readonly Quantity[];
  /** Shares the source gives in words ("half the adult fare"): a value taken that share of is worked out. */
  shares?: readonly number[];
  /**
   * The lengths of time the whole source gives: a time of day that many later is worked out, though the length has
   * a sentence of its own ("leaves at 07:15. The crossing takes 50 minutes.": arrives at 8:05).
   */
  lengths?: readonly Quantity[];
}

/**
 * Whether a claim's number is worked out from other numbers rather than read from the source: the claim gives the
 * total of a rate over its own length of time ("€15 a day … four days … €60"), a value times a count it gives
 * ("1,000 requests a minute, ten times the Basic allowance", "two parents can take 32 weeks" of 16 each), or the
 * share of one; the difference of the bound value and another ("320 metres and 290 metres" make "30 metres
 * taller"), or their sum when the claim says it adds up; or the bound value raised or lowered by a percentage. The
 * numbers are the claim's own and the bound source sentence's: a wrong input is the input's conflict, found on it.
 * For a year, a number of years the source gives beside its date ("opened in 1825, five years before the
 * Liverpool and Manchester" makes the second 1830); for a time of day, a length of time.
 */
export function workedOut(
  quantity: Quantity,
  value: Quantity,
  claimNumbers: readonly Quantity[],
  sourceNumbers: readonly Quantity[],
  from: WorkedFrom = {},
): boolean {
  if (counted(quantity) && counted(value)) {
    // Against a change the source gives ("rises by £5 to £15"), the claim's change is compared, however it works out.
    if (value.compared !== true && ownDifference(quantity, claimNumbers)) return true;
    if (from.changes?.some((change) => changedBy(quantity, value, change))) return true;
    if (from.shares?.some((share) => close(quantity.value, value.value * share))) return true;
    const inputs = [...claimNumbers, ...sourceNumbers];
    if (combined(quantity, value, [...inputs, ...(from.around ?? [])], from.totalled === true)) return true;
    for (const factor of claimNumbers) {
      if (factor === quantity || factor.loose) continue;
      for (const input of inputs) {
        if (input !== quantity && input !== factor && product(quantity, input, factor)) return true;
      }
    }
  }
  // "a journey of 1 hour 40 minutes" between 8:05 and 9:45; "took four years, 1905 to 1909": the time between two
  // times of day or two years the claim gives itself. Times the source gives ("open 9:00 to 17:00") are no evidence
  // that a length ("tours last 8 hours") was worked out from them.
  if (quantity.cls === 'time' && !quantity.range && elapsed(quantity, claimNumbers)) return true;
  // "open for 18 hours a day, from 6 in the morning until midnight": hours a day are a length of a day's time.
  if (quantity.cls === 'time/time' && quantity.unit.endsWith('/day') && !quantity.range) {
    if (elapsed({ ...quantity, cls: 'time', value: quantity.value * DAY.factor }, claimNumbers)) return true;
  }
  if (quantity.cls === 'clock' && value.cls === 'clock') {
    const spans = [...claimNumbers, ...sourceNumbers, ...(from.lengths ?? [])];
    // "closes at 14:00, six hours after the 8:00 start" works from a time the claim gives as well as the bound one.
    const starts = [value, ...claimNumbers.filter((start) => start !== quantity && start.cls === 'clock')];
    return starts.some((start) => timeLater(quantity, start, spans));
  }
  const year = quantity.date?.year;
  const since = value.date?.year;
  if (year === undefined || since === undefined || quantity.date?.month !== undefined) return false;
  return sourceNumbers.some((span) => span.unit === 'year' && Math.abs(year - since) === span.raw);
}

/**
 * Whether `result` is `value` raised or lowered by a percentage the claim speaks of, or that share of it:
 * "里程费上浮20%" makes a fare of 2元 a kilometre 2.4元 at night, "a 15% discount" makes €40 €34, "60% of its 45
 * million cubic metres" is 27 million.
 */
function changedBy(result: Quantity, value: Quantity, change: Quantity): boolean {
  if (change.cls !== 'percent' || change.loose || !comparable(result, value)) return false;
  const share = change.value / 100;
  return [1 + share, 1 - share, share].some((factor) => close(result.value, value.value * factor));
}

/**
 * Whether `result` is the difference of the value it is bound to and another of its kind ("from 1,020 to 2,850
 * metres" climbs 1,830), or, when the claim says it adds up, their sum ("breakfast €12 and dinner €30" make "€42
 * together"). A sum is said as one: two values that happen to add up to a changed number are no evidence. A count
 * may be worked out with a number that leaves its noun unsaid ("1,200 employees … by 2024 it had 1,800").
 */
function combined(result: Quantity, value: Quantity, inputs: readonly Quantity[], totalled: boolean): boolean {
  if (value.range || !comparable(result, value)) return false;
  // A figure said as approximate is worked out without a word to say how: "with the 2-hour layover, the whole journey
  // takes about 9 hours" of a 7-hour flight, "budgeted at about £2 million" of £2.4 million, £400,000 over budget.
  const rounded = result.approx;
  return inputs.some(
    (input) =>
      input !== result &&
      input !== value &&
      counted(input) &&
      !input.range &&
      (comparable(result, input) || (input.cls === 'bare' && result.cls.startsWith('count:'))) &&
      (((result.compared === true || rounded) && close(result.value, Math.abs(value.value - input.value))) ||
        ((totalled || rounded) && close(result.value, value.value + input.value))),
  );
}

/**
 * Whether a change the claim says ("cuts the excess by £100") is the difference of two values the claim gives beside
 * it ("from £150 down to £50"): the claim shows its own working.
 */
function ownDifference(result: Quantity, claimNumbers: readonly Quantity[]): boolean {
  if (result.compared !== true) return false;
  const inputs = claimNumbers.filter(
    (input) => input !== result && counted(input) && !input.range && comparable(result, input),
  );
  return inputs.some((a, i) => inputs.slice(i + 1).some((b) => close(result.value, Math.abs(a.value - b.value))));
}

/**
 * Whether the claim shows how it worked a value out, right after it: "costs £4: £1 to unlock and £3 for the minutes",
 * "€42 (€12 for breakfast and €30 for dinner)". The parts that follow add up to the value; each part is judged on its
 * own.
 */
export function brokenDown(result: Quantity, claim: ClaimSentence): boolean {
  const after = claim.text.slice(result.end - claim.start);
  if (!BREAKDOWN.test(after)) return false;
  const parts = claim.quantities.filter((part) => part.start >= result.end);
  return parts.length >= 2 && sumOfTwo(result, parts);
}

/**
 * Whether a count is the number of values its clause lists: "three doses at 8, 12 and 16 weeks" counts the ages it
 * gives, which the source may list without counting them.
 */
export function countsItsList(count: Quantity, clause: Clause): boolean {
  if (!count.cls.startsWith('count:') || !Number.isInteger(count.raw) || count.raw < 2) return false;
  const listed = clause.quantities.filter((value) => value !== count && value.cls !== 'bare');
  return listed.some((value) => listed.filter((other) => other.cls === value.cls).length === count.raw);
}

/** What opens a breakdown of the value before it: a colon, a dash or a bracket. */
const BREAKDOWN = /^\s*(?:[:：(（]|[—–]|-\s)/u;

/** Whether `result` is the sum of two of `values`: "公司和个人合计缴纳24%" of 12% each. */
export function sumOfTwo(result: Quantity, values: readonly Quantity[]): boolean {
  return counted(result) && values.some((value) => counted(value) && combined(result, value, values, true));
}

/**
 * Whether a clause says it adds values up: "in total", "together", "combined", "altogether", 合计, 一共 (a Chinese
 * total right before its number is also read with the number: see quantities.ts).
 */
export function saysTotal(clause: Clause): boolean {
  return TOTAL_WORDS.test(clause.text);
}

const TOTAL_WORDS = new RegExp(
  `\\b(?:total(?:s|led|ling)?|together|combined|altogether|in all|all told|sum of)\\b|${[...TOTALS].join('|')}`,
  'iu',
);

/**
 * Whether a time of day is the bound time moved by a length of time the sentences give: "struck at 11:40 pm and sank
 * two hours and forty minutes later" makes "sank at 2:20 am".
 */
function timeLater(result: Quantity, value: Quantity, spans: readonly Quantity[]): boolean {
  const day = 24 * 60;
  return spans.some((span) => {
    if (span.cls !== 'time' || span.range) return false;
    const minutes = span.value / 60;
    const slack = span.approx || result.approx ? minutes * 0.1 : 0;
    return [value.value + minutes, value.value - minutes].some((moved) => {
      const apart = Math.abs((((moved - result.value) % day) + day) % day);
      return Math.min(apart, day - apart) <= slack + 1e-9;
    });
  });
}

/** Whether a length of time is the time between two times of day, or two years, of the numbers given. */
function elapsed(length: Quantity, numbers: readonly Quantity[]): boolean {
  const day = 24 * 60;
  const minutes = length.value / 60;
  const clocks = numbers.filter((n) => n.cls === 'clock' && !n.range).map((n) => n.value);
  const years = numbers.filter((n) => n.date?.year !== undefined).map((n) => n.date!.year!);
  const near = (a: number, b: number) => Math.abs(a - b) <= (length.approx ? a * 0.1 : 1e-9);
  for (const [i, a] of clocks.entries()) {
    for (const b of clocks.slice(i + 1)) {
      const apart = (((b - a) % day) + day) % day;
      if (near(minutes, apart) || near(minutes, day - apart)) return true;
    }
  }
  if (length.unit !== 'year') return false;
  return years.some((a, i) => years.slice(i + 1).some((b) => near(length.raw, Math.abs(a - b))));
}

/** Only an amount multiplies: not a date, a time of day, an address or a version. */
function counted(quantity: Quantity): boolean {
  return quantity.date === undefined && !UNCOUNTED.has(quantity.cls) && !quantity.cls.startsWith('version:');
}

const UNCOUNTED = new Set(['date', 'dotted', 'clock', 'weekday', 'ordinal']);

/**
 * Whether `result` is `input` taken `factor` times, or `input` shared out `factor` ways: by a plain count or a
 * multiplier ("three", "ten times"), or, for a rate and a length of time, by the time ("€15 a day" over four days;
 * "13,500 yuan a quarter" is 4,500 a month).
 */
function product(result: Quantity, input: Quantity, factor: Quantity): boolean {
  // A bound taken so many times is a bound of its side: "最多可以托运60千克, 2件、每件不超过30千克".
  if (!counted(input) || (input.loose && !sameSideBounds(input, result))) return false;
  // "About CHF 81 a day" for CHF 244 over three days: a worked-out value said as approximate is rounded.
  const near = (a: number, b: number) =>
    result.approx ? Math.abs(a - b) <= ROUNDED * Math.max(Math.abs(a), Math.abs(b)) : close(a, b);
  if (isCount(factor) && factor.raw > 1 && comparable(result, input)) {
    return near(result.value, input.value * factor.raw) || near(result.value * factor.raw, input.value);
  }
  if (factor.cls !== 'time' && factor.cls !== 'period') return false;
  if (input.cls === `${result.cls}/time`) return near(result.value, input.value * factor.value);
  if (result.cls === `${input.cls}/time`) return near(result.value * factor.value, input.value);
  return false;
}

/** How far a value said as approximate may lie from the one worked out: rounding to two figures. */
const ROUNDED = 0.05;

function isCount(quantity: Quantity): boolean {
  return quantity.cls === 'bare' || quantity.cls === 'ratio' || quantity.cls.startsWith('count:');
}

function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/**
 * The shares the source gives in words, a value may have been worked out with: "children pay half the adult fare"
 * makes a £9.40 fare £4.70 for a child, and "one-third off" a £129 pass £86.
 */
export function spokenShares(clauses: readonly { clause: Clause }[]): number[] {
  const shares: number[] = [];
  for (const { clause } of clauses) {
    for (const term of clause.terms) {
      const share = shareNamed(term.lower);
      if (share === undefined) continue;
      // "one-third off" leaves two thirds: a £129 pass costs £86.
      const off = share < 1 && TAKEN_OFF.test(clause.text.slice(term.end - clause.start));
      shares.push(off ? 1 - share : share);
    }
    // 八折 and 八五折 leave 80% and 85% of the price; 9.5折 leaves 95%.
    if (clause.holdsHan) for (const [, tenths] of clause.text.matchAll(DISCOUNT)) shares.push(discountShare(tenths!));
  }
  return shares;
}

const DISCOUNT = /(\d(?:\.\d)?|[一二三四五六七八九][一二三四五六七八九]?)折/gu;
const HAN_DIGITS = '〇一二三四五六七八九';

/** The share of the price a discount written in tenths leaves: 八 is 0.8, 八五 0.85, 9.5 0.95. */
function discountShare(tenths: string): number {
  if (/\d/.test(tenths)) return Number(tenths) / 10;
  const digits = [...tenths].map((digit) => HAN_DIGITS.indexOf(digit));
  return digits.length === 1 ? digits[0]! / 10 : (digits[0]! * 10 + digits[1]!) / 100;
}

const TAKEN_OFF = /^\s+off\b/i;

/**
 * Whether a value can be made from the values of a text without another value of the claim's: the sum or difference
 * of two of them ("the lower tray adds 500 more" to 250 sheets makes 750), one of them taken a percentage the text
 * gives ("charged 50% of the service price" of £95 is £47.50), or, for a length of time, the time between two of its
 * times of day.
 */
export function madeFromValues(ours: Quantity, values: readonly Quantity[]): boolean {
  const usable = (value: Quantity) => value.range === undefined && value.date === undefined;
  const alike = values.filter((value) => usable(value) && comparable(ours, value));
  // A count's noun may go unsaid beside it: "250 sheets, and the lower tray adds 500 more".
  const addends = values.filter((value) => usable(value) && (comparable(ours, value) || value.cls === 'bare'));
  const percents = values.filter((value) => value.cls === 'percent');
  if (ours.cls === 'time' && betweenClocks(ours, values)) return true;
  return alike.some(
    (a) =>
      addends.some(
        (b) => b !== a && (close(ours.value, a.value + b.value) || close(ours.value, Math.abs(a.value - b.value))),
      ) ||
      percents.some((p) =>
        [p.value / 100, 1 + p.value / 100, 1 - p.value / 100].some((factor) => close(ours.value, a.value * factor)),
      ),
  );
}

/** Whether a length of time is the time between two of the source's times of day: 12:00 to 13:30 is an hour and a half. */
function betweenClocks(length: Quantity, values: readonly Quantity[]): boolean {
  const minutes = length.value / 60;
  const clocks = values.filter((value) => value.cls === 'clock' && value.range === undefined).map((c) => c.value);
  return clocks.some((a) => clocks.some((b) => close(minutes, b - a)));
}

/**
 * Words of a sentence that works a value out or sums a case up ("so a child would pay 134 yuan", "you'd pay £60 in exit
 * fees altogether", "£30 per head", "over a full week … 44 hours", "往返就是250美元"), or an operation between numbers: a
 * value in such a sentence is often of its own making, and is not set against a source value it is said beside.
 */
export const SUMS_UP =
  /\b(?:so|would|totals?|totalling|altogether|in all|all told|which means|that's|that is|i\.e|per head|per person|apiece|split|over (?:a|the) (?:full |whole )?(?:week|month|year))\b|\b(?:you|we|they|i|he|she|it)['’]d\b|就是|一共|总共|合计|共计|算下来|相当于|[+×=＋＝]/iu;
