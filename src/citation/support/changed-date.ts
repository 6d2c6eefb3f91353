import type { ClaimSentence, ClaimText } from './claim-profile.js';
import { claimValue, heldElsewhere, type FoundConflict } from './found-conflict.js';
import type { Quantity } from './quantity.js';
import { numberInWords } from './quantity-units.js';

/**
 * Dates a claim changes. A date conflict is shown when the two dates share two of their day, month and year
 * (`restatesDate`), or when the claim's date is one the source gives nowhere (`changedDate`); a date of another event
 * the claim adds, a date worked out from a length of time, and a date the claim hedges are not changed dates.
 */
/**
 * Whether the two dates of a date conflict share two of their day, month and year: "12 April 1912" restates
 * "10 April 1912" with the day changed, while "May 1992" beside "12 May 1998", or "5 October 2025" beside
 * "5 January 2026", is another date, of something else the answer adds.
 */
export function restatesDate(found: FoundConflict, claim: ClaimSentence, source: ClaimText): boolean {
  const ours = claimValue(found, claim)?.date;
  const theirs = source.quantities.find((quantity) => quantity.text === found.conflict.source)?.date;
  if (ours === undefined || theirs === undefined) return false;
  return sharedDateParts(ours, theirs) >= 2;
}

/** How many of its day, month and year a date gives as the other does. */
function sharedDateParts(ours: NonNullable<Quantity['date']>, theirs: NonNullable<Quantity['date']>): number {
  let shared = 0;
  for (const part of ['day', 'month', 'year'] as const) {
    if (ours[part] !== undefined && ours[part] === theirs[part]) shared++;
  }
  return shared;
}

/**
 * The source's one date that a changed date restates, two of its day, month and year kept, as the evidence: "set on 2
 * August 2006" is set against "on 2 August 2003", not against the year the records begin.
 */
function restatedDate(found: FoundConflict, claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  const ours = claimValue(found, claim)?.date;
  if (ours === undefined) return undefined;
  const restated = source.sentences.flatMap((sentence, s) =>
    sentence.quantities
      .filter((held) => held.date && sharedDateParts(ours, held.date) >= 2)
      .map((held) => ({ held, s })),
  );
  if (restated.length !== 1) return undefined;
  const { held, s } = restated[0]!;
  return { conflict: { kind: 'date', claim: found.conflict.claim, source: held.text }, sentence: s };
}

/**
 * The conflict, shown against the source date it restates where there is one, when the claim's date is the only one of
 * its dates the source gives nowhere: a changed date, not one the claim moved to another event of the source
 * ("collapsed in 1889" of a source that began in 1881 and gave up in 1889), nor a worked example that brings dates of
 * its own ("if your employment ended on 10 March, … is 9 June").
 */
export function changedDate(found: FoundConflict, claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  const ours = claimValue(found, claim);
  // A year alone is as often another event the answer adds ("2022年北京冬奥会" beside "2008年北京奥运会"); a span of
  // dates, or a date the answer hedges ("likely to reopen around 1 October"), is its own reckoning.
  if (ours?.date?.month === undefined || ours.range || ours.approx || hedged(claim.text)) return undefined;
  if (heldElsewhere(ours, source) || spanApart(ours, claim, source)) return undefined;
  if (!claim.quantities.every((other) => other === ours || !other.date || heldElsewhere(other, source))) {
    return undefined;
  }
  const restated = restatedDate(found, claim, source);
  if (restated) return restated;
  // The date shown against must be a date of the same precision, not a year alone.
  const theirs = source.quantities.find((held) => held.text === found.conflict.source);
  return theirs?.date?.month === undefined ? undefined : found;
}

/** Whether the sentence hedges what it says: "likely to reopen around 1 October", "may reopen", `预计`, `可能`. */
function hedged(text: string): boolean {
  return HEDGED.test(text) || HEDGED_LOWER.test(text);
}

const HEDGED =
  /\b(?:likely|probably|perhaps|possibly|approximately|roughly|estimated|expected to|around(?=\s+\d)|about(?=\s+\d))\b|预计|大约|大概|左右|估计|可能/iu;
/** "may" is a hedge only in lower case: "May" is a month. */
const HEDGED_LOWER = /\b(?:may|might|could)\b/u;

/**
 * Whether the date lies a length of time the sentences give from a date of the source, a day either way for counting
 * the first day or not: "runs for three days" from Friday 12 July ends on Sunday 14 July, "展期三个月" from 5月18日 ends
 * on 8月17日, and "began in March 2021" is two years before a museum "reopened on 3 May 2023 after a two-year
 * renovation".
 */
function spanApart(ours: Quantity, claim: ClaimSentence, source: ClaimText): boolean {
  const date = ours.date!;
  const isSpan = (span: Quantity) => span.cls === 'time' && !span.date && !span.range && SPAN_UNITS.has(span.unit);
  const claimSpans = claim.quantities.filter(isSpan);
  // "a two-year renovation": a length said in words before what it measures is read here only, as a span; read as a
  // value, it would name a product as often ("the five-year fix") as measure one.
  const wordYears: number[] = [];
  for (const text of [claim.text, ...source.sentences.map((sentence) => sentence.text)]) {
    for (const [, words] of text.matchAll(YEARS_IN_WORDS)) {
      const years = numberInWords(words!.toLowerCase());
      if (years !== undefined) wordYears.push(years);
    }
  }
  // A length of time speaks of a date in its own sentence, or in the claim: "refunds within 14 days of payment" says
  // nothing of when applications open.
  return source.sentences.some((sentence) => {
    const spans = [...claimSpans, ...sentence.quantities.filter(isSpan)];
    return sentence.quantities.some((held) => {
      const from = held.date;
      if (from?.year !== undefined && date.year !== undefined && wordYears.includes(Math.abs(date.year - from.year))) {
        return true;
      }
      return from !== undefined && spans.some((span) => landsOn(from, span, date));
    });
  });
}

const SPAN_UNITS: ReadonlySet<string> = new Set(['day', 'week', 'month', 'year']);
const YEARS_IN_WORDS = /\b([a-z]+(?:-[a-z]+)?)-years?\b/giu;
const DAY_MS = 86_400_000;

/**
 * Whether `to` is the last day of the span before or after `from`, counting `from` or not ("runs for three days" from
 * 12 July ends on the 14th or the 15th); a month added to 31 January ends on the last day of February. A year the
 * source date leaves out is the claim's, or the year before it (28 December and one week end on 4 January).
 */
function landsOn(from: NonNullable<Quantity['date']>, span: Quantity, to: NonNullable<Quantity['date']>): boolean {
  if (span.unit === 'year') {
    return from.year !== undefined && to.year !== undefined && Math.abs(to.year - from.year) === span.raw;
  }
  if (from.month === undefined || from.day === undefined || to.month === undefined || to.day === undefined) {
    return false;
  }
  const years =
    from.year !== undefined ? [from.year] : to.year !== undefined ? [to.year, to.year - 1] : [LEAP_FREE_YEAR];
  for (const year of years) {
    for (const sign of [1, -1]) {
      const end = movedBy(year, from.month, from.day, span, sign);
      for (const counted of [0, -sign]) {
        const last = new Date(end.getTime() + counted * DAY_MS);
        const sameYear = to.year === undefined || last.getUTCFullYear() === to.year;
        if (sameYear && last.getUTCMonth() + 1 === to.month && last.getUTCDate() === to.day) return true;
      }
    }
  }
  return false;
}

/** The day a span of days, weeks or months moves a date to, a month's end kept at its last day. */
function movedBy(year: number, month: number, day: number, span: Quantity, sign: number): Date {
  if (span.unit !== 'month') {
    const days = span.raw * (span.unit === 'week' ? 7 : 1);
    return new Date(Date.UTC(year, month - 1, day) + sign * days * DAY_MS);
  }
  const target = month - 1 + sign * span.raw;
  const lastDay = new Date(Date.UTC(year, target + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, target, Math.min(day, lastDay)));
}

/** A year for dates the text gives without one. */
const LEAP_FREE_YEAR = 2023;

/**
 * A date said with another day of the week than the source gives it: "Thursday 14 May" against "Wednesday 14 May",
 * `5月14日（星期四）` against `5月14日（星期三）`. The day of the week stands right beside the date on each side, the
 * date is the same, and the source gives the claim's day of the week to that date nowhere.
 */
export function weekdayOfDate(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  const ours = datedWeekdays(claim);
  if (ours.length === 0) return undefined;
  const theirs = source.sentences.flatMap((sentence, s) => datedWeekdays(sentence).map((dated) => ({ dated, s })));
  for (const own of ours) {
    const sameDate = theirs.filter(({ dated }) => sameDay(dated.date, own.date));
    if (sameDate.some(({ dated }) => dated.weekday.value === own.weekday.value)) continue;
    const other = sameDate[0];
    if (other !== undefined) {
      return {
        conflict: { kind: 'date', claim: own.weekday.text, source: other.dated.weekday.text },
        sentence: other.s,
      };
    }
  }
  return undefined;
}

interface DatedWeekday {
  weekday: Quantity;
  date: NonNullable<Quantity['date']>;
}

/** The days of the week a sentence writes right beside a date with a day and a month, with that date. */
function datedWeekdays(sentence: ClaimSentence): DatedWeekday[] {
  const found: DatedWeekday[] = [];
  sentence.quantities.forEach((weekday, i) => {
    if (weekday.cls !== 'weekday') return;
    for (const date of [sentence.quantities[i - 1], sentence.quantities[i + 1]]) {
      if (date?.date?.day === undefined || date.date.month === undefined) continue;
      const [first, second] = date.start < weekday.start ? [date, weekday] : [weekday, date];
      const between = sentence.text.slice(first.end - sentence.start, second.start - sentence.start);
      if (BESIDE.test(between)) found.push({ weekday, date: date.date });
    }
  });
  return found;
}

/** Nothing but a space, a comma or a bracket between a day of the week and its date: "Wednesday, 14 May", `14日（周三）`. */
const BESIDE = /^[\s,，(（]*$/;

function sameDay(a: NonNullable<Quantity['date']>, b: NonNullable<Quantity['date']>): boolean {
  return a.day === b.day && a.month === b.month && (a.year === undefined || b.year === undefined || a.year === b.year);
}
