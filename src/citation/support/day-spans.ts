import type { ClaimText, Clause } from './claim-profile.js';
import { sameQuantity, type Quantity } from './quantity.js';

/**
 * Whether the clause gives a span of days of the week ("Tuesday to Sunday", `周二至周日`) or of months ("from April to
 * October", "October to March") that holds the claim's day or month: "open on Wednesdays", "available in June".
 */
export function daysFromTo(clause: Clause, day: Quantity): boolean {
  const place = spanPlace(day);
  if (place === undefined) return false;
  const ends = clause.quantities.filter((quantity) => spanPlace(quantity) !== undefined && quantity.cls === day.cls);
  for (let i = 0; i + 1 < ends.length; i++) {
    const [from, to] = [ends[i]!, ends[i + 1]!];
    const between = clause.text.slice(from.end - clause.start, to.start - clause.start);
    if (!DAY_SPAN.test(between)) continue;
    const [first, last] = [spanPlace(from)!, spanPlace(to)!];
    const within = first <= last ? place >= first && place <= last : place >= first || place <= last;
    if (within) return true;
  }
  return false;
}

/** Whether the day or month is an end of a span the clause gives itself ("from May to October"). */
export function inSpan(clause: Clause, day: Quantity): boolean {
  return clause.quantities.some((other) => {
    if (other === day || other.cls !== day.cls) return false;
    const [from, to] = other.start < day.start ? [other, day] : [day, other];
    return DAY_SPAN.test(clause.text.slice(from.end - clause.start, to.start - clause.start));
  });
}

/** A day of the week's place in the week, or a month's in the year (a month said without its day or year). */
function spanPlace(quantity: Quantity): number | undefined {
  if (quantity.cls === 'weekday') return quantity.value;
  const date = quantity.date;
  if (date?.month === undefined || date.day !== undefined || date.year !== undefined) return undefined;
  return date.month;
}

const DAY_SPAN = /^\s*(?:to|through|until|till|[-–—~]|至|到)\s*$/i;

/**
 * Whether the claim clause's day of the week is one the source gives nowhere: in no list, no span ("Tuesday to
 * Sunday") and under no word for days together ("weekdays", 周末). Not a day said as the exception ("any day except
 * Monday") or the day of a date ("Tuesday 16 July"), which the date's own checks judge.
 */
export function dayNowhere(day: Quantity, clause: Clause, source: ClaimText): boolean {
  const before = clause.text.slice(0, day.start - clause.start);
  const dated = clause.quantities.some((other) => other.date !== undefined && Math.abs(other.start - day.end) <= 2);
  return (
    !dated &&
    !EXCEPT_DAY.test(before) &&
    !source.quantities.some((held) => held.cls === 'weekday' && sameQuantity(day, held)) &&
    !source.clauses.some(({ clause: held }) => daysFromTo(held, day)) &&
    !source.sentences.some((sentence) => DAYS_TOGETHER.test(sentence.text))
  );
}

const EXCEPT_DAY =
  /\b(?:except|apart from|other than|besides|excluding|but not|closed)\s+(?:on\s+)?(?:a\s+)?$|除了?$|除\S{0,2}$/i;

/** Words that speak of several days of the week at once, which a day of the claim may be one of. */
const DAYS_TOGETHER =
  /\b(?:week\s?days?|week-?ends?|daily|every day|each day|all week|7 days|seven days|holidays?|other days|school days|working days|business days)\b|工作日|周末|每天|每日|节假日|假日/i;
