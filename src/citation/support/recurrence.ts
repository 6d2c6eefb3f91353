import type { ClaimSentence, ClaimText, Clause } from './claim-profile.js';
import type { FoundConflict } from './found-conflict.js';
import { namesAmount, sameAmount, type Quantity } from './quantity.js';

/**
 * A value the source gives for one length of time or one occasion, given by the claim for another: "$300 every
 * month" against "$300 once per year", "90 days per year" against "90 days per visit", "按月利率0.05%" against
 * "按日利率0.05%", "每次住院最高报销40万元" against "年度最高支付限额为40万元". The value itself is the source's, so no
 * number disagrees; what changed is how often it recurs.
 *
 * A recurrence is read only where the text ties it to the value: in English after it ("$15 for each remaining
 * month", "three withdrawals per calendar year", "£10 quarterly"), in Chinese before it in its clause ("每月180元",
 * "日利率0.05%") or right after it ("180元/月"). The claim is contradicted only when every source clause that gives the
 * value ties it to another recurrence: a source that gives it once without one may be speaking of the claim's.
 */

/** How often a value recurs: the seconds between two recurrences, or each occasion of an event (a visit, a ride). */
type Every = number | 'occasion';

interface Recurrence {
  every: Every;
  /** Offsets in the text, from the value's start to the recurrence's end or from the recurrence to the value's end. */
  start: number;
  end: number;
}

const DAY = 86_400;
const EVERY: Readonly<Record<string, Every>> = {
  second: 1,
  minute: 60,
  hour: 3_600,
  day: DAY,
  night: DAY,
  week: 7 * DAY,
  fortnight: 14 * DAY,
  month: 30.4375 * DAY,
  quarter: 91.3125 * DAY,
  year: 365.25 * DAY,
  annum: 365.25 * DAY,
  visit: 'occasion',
  trip: 'occasion',
  ride: 'occasion',
  journey: 'occasion',
  stay: 'occasion',
  booking: 'occasion',
  order: 'occasion',
  claim: 'occasion',
  transaction: 'occasion',
  admission: 'occasion',
  session: 'occasion',
  hourly: 3_600,
  daily: DAY,
  nightly: DAY,
  weekly: 7 * DAY,
  fortnightly: 14 * DAY,
  monthly: 30.4375 * DAY,
  quarterly: 91.3125 * DAY,
  yearly: 365.25 * DAY,
  annual: 365.25 * DAY,
  annually: 365.25 * DAY,
  天: DAY,
  日: DAY,
  晚: DAY,
  周: 7 * DAY,
  星期: 7 * DAY,
  月: 30.4375 * DAY,
  季度: 91.3125 * DAY,
  季: 91.3125 * DAY,
  年: 365.25 * DAY,
  年度: 365.25 * DAY,
  次: 'occasion',
  趟: 'occasion',
};

/**
 * After an English value: up to three words of what it counts ("penalty-free withdrawals", "for each remaining"),
 * then "per", "a", "each" or "every" and a length of time or an occasion, or an adverb of how often. What follows must
 * end the phrase: "for a day pass" names a ticket, not a recurrence.
 */
const ENGLISH_AFTER =
  /^\S+(?:\s+(?!(?:and|or|but|then|plus|than)\b)[a-z][\w-]*){0,3}?\s+(?:(?:(?:once|twice)\s+)?(?:per|a|an|each|every)\s+(?:calendar\s+|remaining\s+|full\s+|single\s+|additional\s+)?(second|minute|hour|day|night|week|fortnight|month|quarter|year|annum|visit|trip|ride|journey|stay|booking|order|claim|transaction|admission|session)|(hourly|daily|nightly|weekly|fortnightly|monthly|quarterly|yearly|annual|annually))(?=\s*(?:$|[,.;:)!?—–]|(?:and|or|but|for|on|in|at|to|if|until|after|before|from|with|by|of|so|which|while|whereas|plus|up|fee|fees|charge|charges|rate|limit|cap|allowance|payment|subscription|instead|only|per|without|is|are|was|were|will|can|may|must)\b))/i;

/** Before a Chinese value in its clause: 每月, 每次, 按日利率, 月利率, 年度, 年费; the nearest one counts. A year's number (2025年度) is a date. */
const HAN_BEFORE =
  /(?:每|按)(季度|星期|天|日|晚|周|月|季|年|次|趟)|(?<![\d〇一二三四五六七八九十])(?:(年度)|(日|月|年)(?=利率|费|租|薪|限额))/g;
/** Right after a Chinese value: "180元/月", "5元每天". */
const HAN_AFTER = /^\s*(?:\/|每)(季度|星期|天|日|晚|周|月|季|年|次|趟)/;

/** How often the clause says its value recurs, if it ties one to it. */
function recurrenceOf(clause: Clause, value: Quantity): Recurrence | undefined {
  const at = value.start - clause.start;
  if (!clause.holdsHan) {
    // A rate written with its period after a slash ("$4.99/month billed annually"): the period is its recurrence; the
    // words after say how it is billed.
    const own = ratePeriod(value);
    if (own !== undefined) return { every: own, start: value.start, end: value.end };
    const match = ENGLISH_AFTER.exec(clause.text.slice(at));
    if (match === null) return undefined;
    const end = value.start + match[0].length;
    // Another value between: the recurrence is that one's ("3 withdrawals of £500 per month").
    // "every month" may be read as a period of its own: it is the recurrence, not another value.
    const between = (other: Quantity) => other.start > value.start && other.start < end && other.cls !== 'period';
    if (clause.quantities.some(between)) {
      return undefined;
    }
    return { every: EVERY[(match[1] ?? match[2])!.toLowerCase()]!, start: value.start, end };
  }
  const after = HAN_AFTER.exec(clause.text.slice(value.end - clause.start));
  if (after) return { every: EVERY[after[1]!]!, start: value.start, end: value.end + after[0].length };
  let nearest: RegExpExecArray | undefined;
  HAN_BEFORE.lastIndex = 0;
  for (
    let match = HAN_BEFORE.exec(clause.text);
    match !== null && match.index < at;
    match = HAN_BEFORE.exec(clause.text)
  ) {
    nearest = match;
  }
  if (nearest === undefined) return undefined;
  const start = clause.start + nearest.index;
  const before = (other: Quantity) => other.start >= start && other.start < value.start && other.cls !== 'period';
  if (clause.quantities.some(before)) {
    return undefined;
  }
  return { every: EVERY[(nearest[1] ?? nearest[2] ?? nearest[3])!]!, start, end: value.end };
}

/** Two recurrences within a tenth of each other ("every 30 days", "monthly") are one. */
function sameRecurrence(a: Every, b: Every): boolean {
  if (a === 'occasion' || b === 'occasion') return a === b;
  return Math.abs(a - b) <= 0.1 * Math.max(a, b);
}

/** A value that recurs: an amount, not a date, a time of day or a period said in a word. */
function recurs(quantity: Quantity): boolean {
  return namesAmount(quantity) && quantity.date === undefined && quantity.cls !== 'clock';
}

export function recurrenceChanged(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  for (const clause of claim.clauses) {
    for (const value of clause.quantities) {
      if (!recurs(value)) continue;
      const ours = recurrenceOf(clause, value);
      const found = ours && givenForAnother(claim, value, ours, clause.holdsHan, source);
      if (found) return found;
    }
  }
  return undefined;
}

/** The source clause that gives the claim's value for another recurrence, when every one that gives it does. */
function givenForAnother(
  claim: ClaimSentence,
  value: Quantity,
  ours: Recurrence,
  han: boolean,
  source: ClaimText,
): FoundConflict | undefined {
  let found: FoundConflict | undefined;
  for (const { clause: held, sentence } of source.clauses) {
    if (held.holdsHan !== han) continue;
    for (const theirs of held.quantities) {
      // The number as written: "£35 a month" is "£420 a year", one amount said for two lengths of time.
      if (theirs.raw !== value.raw || !sameAmount(value, theirs)) continue;
      const recurrence = recurrenceOf(held, theirs);
      // Given without a recurrence, or with the claim's: the source may say what the claim says.
      if (recurrence === undefined || sameRecurrence(recurrence.every, ours.every)) return undefined;
      found ??= {
        conflict: {
          kind: 'unit',
          claim: claim.text.slice(ours.start - claim.start, ours.end - claim.start),
          source: held.text.slice(recurrence.start - held.start, recurrence.end - held.start),
        },
        sentence,
      };
    }
  }
  return found;
}

/**
 * The period of a value read as a rate with a slash ("$4.99/month": `cls` over time, `unit` "USD/month"). A rate read
 * from words after the value is left to `ENGLISH_AFTER`, which tells "per day" from "a day pass".
 */
function ratePeriod(value: Quantity): Every | undefined {
  if (!value.cls.endsWith('/time') || !value.text.includes('/')) return undefined;
  return EVERY[value.unit.slice(value.unit.lastIndexOf('/') + 1)];
}
