import type { Clause } from './claim-profile.js';
import type { Quantity } from './quantity.js';

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
