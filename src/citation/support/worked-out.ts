import { comparable, type Quantity } from './quantities.js';

/**
 * Whether a claim's number is worked out from other numbers rather than read from the source: the claim gives the
 * total of a rate over its own length of time ("€15 a day … four days … €60"), a value times a count it gives
 * ("1,000 requests a minute, ten times the Basic allowance", "two parents can take 32 weeks" of 16 each), or the
 * share of one, or a value raised or lowered by a percentage (`changes`). One of the two numbers is the claim's own, the other the claim's or the bound source sentence's: a
 * wrong input is the input's conflict, found on it. For a year, a number of years the source gives beside its date
 * ("opened in 1825, five years before the Liverpool and Manchester" makes the second 1830).
 */
export function workedOut(
  quantity: Quantity,
  value: Quantity,
  claimNumbers: readonly Quantity[],
  sourceNumbers: readonly Quantity[],
  changes: readonly Quantity[] = [],
): boolean {
  if (counted(quantity) && counted(value)) {
    if (changes.some((change) => changedBy(quantity, value, change))) return true;
    const inputs = [...claimNumbers, ...sourceNumbers];
    for (const factor of claimNumbers) {
      if (factor === quantity || factor.loose) continue;
      for (const input of inputs) {
        if (input !== quantity && input !== factor && product(quantity, input, factor)) return true;
      }
    }
  }
  const year = quantity.date?.year;
  const from = value.date?.year;
  if (year === undefined || from === undefined || quantity.date?.month !== undefined) return false;
  return sourceNumbers.some((span) => span.unit === 'year' && Math.abs(year - from) === span.raw);
}

/**
 * Whether `result` is `value` raised or lowered by a percentage the claim speaks of: "里程费上浮20%" makes a fare of
 * 2元 a kilometre 2.4元 at night, "a 15% discount" makes €40 €34.
 */
function changedBy(result: Quantity, value: Quantity, change: Quantity): boolean {
  if (change.cls !== 'percent' || change.loose || !comparable(result, value)) return false;
  const share = change.value / 100;
  return close(result.value, value.value * (1 + share)) || close(result.value, value.value * (1 - share));
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
  if (!counted(input) || input.loose) return false;
  if (isCount(factor) && factor.raw > 1 && comparable(result, input)) {
    return close(result.value, input.value * factor.raw) || close(result.value * factor.raw, input.value);
  }
  if (factor.cls !== 'time' && factor.cls !== 'period') return false;
  if (input.cls === `${result.cls}/time`) return close(result.value, input.value * factor.value);
  if (result.cls === `${input.cls}/time`) return close(result.value * factor.value, input.value);
  return false;
}

function isCount(quantity: Quantity): boolean {
  return quantity.cls === 'bare' || quantity.cls === 'ratio' || quantity.cls.startsWith('count:');
}

function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}
