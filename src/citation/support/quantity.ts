/**
 * A number as a claim uses it: its value, what it measures, where it stands. The classes:
 *   - a unit's class (`time`, `size`, `length`, `money:usd`, `percent`, …): value in the base unit;
 *   - `count:<noun>`: a number of things ("3 replicas", "3个节点"), value as written;
 *   - `period`: how often ("weekly", "每天"), value = seconds between two times;
 *   - `clock`: a time of day, value = minutes after midnight;
 *   - `date`: a calendar date or part of one, in `date`;
 *   - `dotted`: an address, a version or a phone number (10.0.3.7, 1.4.2, 0161 555 0148), compared as written, in
 *     `key`;
 *   - `bare`: a number with nothing to say what it measures ("at 9", "version 3").
 * A rate divides by a time: "100 requests per minute" is class `count:request/time`.
 */
export interface Quantity {
  cls: string;
  value: number;
  /** The number as written, before its unit: 5 in "5 hours". */
  raw: number;
  key?: string;
  date?: { year?: number; month?: number; day?: number };
  /** The unit as the check reports it ("hour", "GB"); empty when none. */
  unit: string;
  /** Approximate or a bound ("about 5", "more than 10", "up to 3"). */
  loose: boolean;
  /** Approximate ("about 5", "约5"), rather than a bound. */
  approx: boolean;
  /** A bound from below ("at least 3 days", "至少3天", "over 12"), rather than from above or approximate. */
  atLeast?: boolean;
  /** A bound said as a threshold reached or not (年满18周岁, 未满6周岁, "70 and above", "70+"). */
  threshold?: boolean;
  /** A bare number that no word places in time ("eleven on Thursdays"): never a time of day. */
  untimed?: boolean;
  /** A time of day in a text that writes the 24-hour clock (an hour past 12 somewhere): "9:00" there is the morning. */
  fullDay?: boolean;
  /** Said as how much one value exceeds another, maybe ("30 metres taller", "rose by 5%"): see worked-out.ts. */
  compared?: boolean;
  /**
   * The weight or volume a price is per ("$24 per kg"): the price stays a price, the same as one said without it, but
   * differs from the same price per another measure ("$24 per pound").
   */
  perMeasure?: { factor: number; name: string };
  /** Both ends of a range the number is one end of ("200至400毫克", "4 to 6 hours"), in the class's base unit. */
  range?: readonly [number, number];
  text: string;
  start: number;
  end: number;
}

/**
 * Whether a claim's quantity disagrees with a source's: comparable, not the same, and each said firmly enough.
 * A bound disagrees only with another bound ("up to 6 g" against "up to 4 g", not against "5 g"); an
 * approximate value only with one far from it.
 */
export function disagree(claim: Quantity, source: Quantity): boolean {
  if (!comparable(claim, source) || sameQuantity(claim, source)) return false;
  // A temperature in the other scale is compared in degrees Celsius, as a value, a bound or a range.
  if (claim.cls !== source.cls && inDegrees(claim) && inDegrees(source)) {
    const difference = claim.compared === true || source.compared === true;
    const [ours, theirs] = [inCelsius(claim, difference), inCelsius(source, difference)];
    // A range's ends are converted with the rounding a single temperature is: "350–375°F" is "180–190°C".
    return ours.range || theirs.range ? rangesDisagree(ours, theirs, CONVERSION_SHARE) : disagree(ours, theirs);
  }
  // Working days are not a fixed number of calendar days: only the same number of another unit disagrees with them
  // ("30个工作日" against "30天", "10 weeks" against "10 working days").
  if (inWorkingDays(claim) !== inWorkingDays(source)) return conflictKind(claim, source) === 'unit';
  // A price per another measure is compared in the source's ("$5 per pound" against "$11 per kg"), as a value, a
  // bound or an approximation.
  const converted = inMeasureOf(claim, source);
  if (converted !== undefined) return disagree(converted, source);
  const bound = isBound;
  // A range the source's upper bound holds ("1到2天" within "不超过3天").
  if (claim.range && !source.range && bound(source) && !source.atLeast && claim.range[1] <= source.value) return false;
  if (claim.range || source.range) return rangesDisagree(claim, source);
  // A bound speaks of the other side's bound, not its values; but the same number in another unit is no bound of it:
  // "up to 158 inches" against "must not exceed 158 cm".
  if (bound(claim) || bound(source)) {
    if ((bound(claim) && bound(source)) || conflictKind(claim, source) === 'unit') return true;
    // A value on the other side of the source's threshold: "16周岁就可以" against "年满18周岁". A claim's own threshold
    // ("Python 3.9 or later") says nothing of a value the source gives otherwise ("drops support for Python 3.8").
    if (!source.threshold || claim.loose) return false;
    return source.atLeast ? claim.value < source.value : claim.value > source.value;
  }
  // Two values both said as approximate give their own figures: "about 5,400 km" is not "about 6,300 km", though either
  // would round to the other's order; "roughly 6,380 km" and "about 6,300 km" are one figure rounded two ways.
  if (claim.approx && source.approx) {
    const [small, large] = [Math.abs(claim.value), Math.abs(source.value)].sort((a, b) => a - b) as [number, number];
    return Math.sign(claim.value) !== Math.sign(source.value) || large - small > APPROXIMATE_SHARE * large;
  }
  if (claim.approx || source.approx) {
    // "About 200 years" is not "about 400 years": values half again apart or more disagree.
    const [small, large] = [Math.abs(claim.value), Math.abs(source.value)].sort((a, b) => a - b) as [number, number];
    return Math.sign(claim.value) !== Math.sign(source.value) || large >= 1.5 * small;
  }
  return true;
}

/**
 * A range against a range disagrees when an end differs; a value, or a bound, against a range when it lies outside
 * it ("up to 800 mg" against "200至400毫克"); an approximate value only when far outside it. `tolerance` is the
 * share by which values that are the same may differ.
 */
function rangesDisagree(claim: Quantity, source: Quantity, tolerance = 1e-6): boolean {
  const [low, high] = claim.range ?? [claim.value, claim.value];
  const [from, to] = source.range ?? [source.value, source.value];
  const near = (a: number, b: number) => Math.abs(a - b) <= tolerance * Math.max(Math.abs(a), Math.abs(b));
  if (claim.range && source.range) {
    // A range converted from the source's, in another unit, is rounded inside it: "six to seven weeks" for "40 to 50
    // days". In the same unit, a narrower range ("aged 5 to 11" for "2 to 11") is another one.
    if (claim.unit !== source.unit) return (low < from && !near(low, from)) || (high > to && !near(high, to));
    return !near(low, from) || !near(high, to);
  }
  const margin = claim.approx || source.approx ? 1.5 : 1 + tolerance;
  const [value, lower, upper] = claim.range ? [source.value, low, high] : [claim.value, from, to];
  return value * margin < lower || value > upper * margin;
}

/** Whether two quantities could be values of one measured thing: only then can they disagree. */
/** A value said as a bound ("up to 6 g", "at least 18"), not as an approximation ("about 40"). */
export function isBound(quantity: Quantity): boolean {
  return quantity.loose && !quantity.approx;
}

/** Two bounds from the same side: both at most, or both at least. */
export function sameSideBounds(a: Quantity, b: Quantity): boolean {
  return isBound(a) && isBound(b) && a.atLeast === b.atLeast;
}

export function comparable(a: Quantity, b: Quantity): boolean {
  if (a.cls === 'dotted' && b.cls === 'dotted') return dottedShape(a) === dottedShape(b);
  if (a.cls === b.cls || (inDegrees(a) && inDegrees(b))) return true;
  if (a.cls.startsWith('count:') && b.cls.startsWith('count:')) return hanCountsAlike(a.cls.slice(6), b.cls.slice(6));
  const kinds = new Set([a.cls, b.cls]);
  if (kinds.has('bare') && kinds.has('clock')) return !a.untimed && !b.untimed;
  return false;
}

/**
 * An IPv4 address (192.168.50.0, 10.0.0.0/24) is never another value of a version such as 4.2.1, nor the reverse;
 * nor is a phone number (its key `tel:` and its digits, see `phoneNumber` in quantities.ts) either of them.
 */
function dottedShape(quantity: Quantity): 'address' | 'phone' | 'version' {
  const key = quantity.key ?? '';
  return key.startsWith(PHONE_KEY) ? 'phone' : IPV4.test(key) ? 'address' : 'version';
}

export const PHONE_KEY = 'tel:';

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?$/;

/**
 * Two Chinese counts of one thing though written apart: 5本 and 10本书 (one names the thing, the other leaves it
 * to its measure word), 15本书 and 10册图书 (the things share a character).
 */
function hanCountsAlike(a: string, b: string): boolean {
  if (!HAN_COUNT.test(a) || !HAN_COUNT.test(b)) return false;
  if (a[0] === b[0] && (a.length === 1 || b.length === 1)) return true;
  const things = b.slice(1);
  for (const char of a.slice(1)) if (things.includes(char)) return true;
  return false;
}

const HAN_COUNT = /^\p{Script=Han}+$/u;

/** A bare number beside anything, or two counts of differently named things ("3 projects", "3 个"). */
export function looselyCounted(a: Quantity, b: Quantity): boolean {
  const counted = (q: Quantity) => q.cls === 'bare' || q.cls.startsWith('count:');
  if (a.cls === 'bare' || b.cls === 'bare') return true;
  // "64 Zigbee devices" and "32 Wi-Fi devices": English counts of two named things are two counts.
  const named = (q: Quantity) => NAMED_COUNT.test(q.text);
  return counted(a) && counted(b) && !(named(a) && named(b));
}

/**
 * A count written before a name of what it counts: "64 Zigbee devices", "32 Wi-Fi devices" (the count's span ends at
 * the name). A plural after the number is the counted noun itself, as a title-case heading's "2 Adults" writes it.
 */
const NAMED_COUNT = /^[\w,.]+\s+(?:\p{Lu}[\w-]*(?<!s)|[\w-]*\d[\w-]*)$/u;

/** A temperature, in either scale: "170°F" is another temperature than "170°C", and "350°F" the same as "180°C". */
function inDegrees(quantity: Quantity): boolean {
  return quantity.cls === 'temperature:c' || quantity.cls === 'temperature:f';
}

/** A temperature's value in degrees Celsius; a difference of temperatures ("lowers it by 5°F") has no offset. */
function celsius(value: number, quantity: Quantity, difference: boolean): number {
  if (quantity.cls !== 'temperature:f') return value;
  return difference ? (value * 5) / 9 : ((value - 32) * 5) / 9;
}

function inCelsius(quantity: Quantity, difference: boolean): Quantity {
  if (quantity.cls !== 'temperature:f') return quantity;
  const range = quantity.range;
  return {
    ...quantity,
    cls: 'temperature:c',
    value: celsius(quantity.value, quantity, difference),
    ...(range ? { range: [celsius(range[0], quantity, difference), celsius(range[1], quantity, difference)] } : {}),
  };
}

/**
 * How far apart, as a share of the value in degrees Celsius (and at least a degree), a temperature and its conversion
 * may be, as a recipe rounds it: 350°F is "180°C" and 400°F "200°C", while 160°F is not 74°C nor 45°F 5°C.
 */
const CONVERSION_SHARE = 0.03;

/** A length of time in working days ("5 working days", "3个工作日"). */
function inWorkingDays(quantity: Quantity): boolean {
  return quantity.unit === 'working day';
}

/**
 * A date the held value gives only in part of what the claim's says: "2025" of "19 December 2025". The same year, it
 * is no evidence of the day.
 */
export function vaguerDate(held: Quantity, quantity: Quantity): boolean {
  if (held.date === undefined || quantity.date === undefined) return false;
  return (
    (quantity.date.day !== undefined && held.date.day === undefined) ||
    (quantity.date.month !== undefined && held.date.month === undefined)
  );
}

/**
 * A price per a weight or a volume said per another one than `other`'s, in `other`'s: "$5 per pound" against "$11 per
 * kg" is about $11.02 per kg. Undefined when the two are not prices per two measures.
 */
function inMeasureOf(quantity: Quantity, other: Quantity): Quantity | undefined {
  const ours = quantity.perMeasure;
  const theirs = other.perMeasure;
  if (ours === undefined || theirs === undefined || ours.name === theirs.name) return undefined;
  const factor = theirs.factor / ours.factor;
  return {
    ...quantity,
    value: quantity.value * factor,
    raw: quantity.raw * factor,
    ...(quantity.range ? { range: [quantity.range[0] * factor, quantity.range[1] * factor] as const } : {}),
    unit: other.unit,
    perMeasure: theirs,
  };
}

/** Midnight and a minute before it end the same day: "by midnight on 30 June" is "by 11:59 pm on 30 June". */
function endOfDay(midnight: Quantity, other: Quantity): boolean {
  return midnight.value === 0 && other.value === LAST_MINUTE;
}

const LAST_MINUTE = 23 * 60 + 59;

/** Whether two quantities say the same thing. */
export function sameQuantity(a: Quantity, b: Quantity): boolean {
  // Prices per two measures are compared per one of them, within a conversion's rounding.
  const converted = inMeasureOf(a, b);
  if (converted !== undefined) {
    const [x, y] = [converted.value, b.value];
    return Math.abs(x - y) <= CONVERSION_SHARE * Math.max(Math.abs(x), Math.abs(y));
  }
  if (inWorkingDays(a) !== inWorkingDays(b) && (a.cls === 'time' || b.cls === 'time')) return false;
  if (a.cls === 'dotted' || b.cls === 'dotted') return a.key !== undefined && a.key === b.key;
  if (a.date || b.date) {
    if (a.date && b.date) return sameDate(a.date, b.date);
    const bare = a.date ? b : a;
    const date = (a.date ?? b.date)!;
    return bare.cls === 'bare' && (bare.raw === date.year || bare.raw === date.day);
  }
  if (a.cls === 'clock' || b.cls === 'clock') {
    if (a.cls === b.cls) {
      return (
        a.value === b.value || onTwelveHourClock(a, b) || onTwelveHourClock(b, a) || endOfDay(a, b) || endOfDay(b, a)
      );
    }
    const bare = a.cls === 'clock' ? b : a;
    const clock = a.cls === 'clock' ? a : b;
    // A length of time written as a clock reads: "by 1:04" is 1 min 04 s, "in 2:15" is 2 h 15 min.
    if (bare.cls === 'time') return bare.value === clock.value || bare.value === clock.value * 60;
    return bare.cls === 'bare' && (bare.raw * 60 === clock.value || bare.raw * 60 + 720 === clock.value);
  }
  if (a.cls !== b.cls && inDegrees(a) && inDegrees(b)) {
    const difference = a.compared === true || b.compared === true;
    const [x, y] = [celsius(a.value, a, difference), celsius(b.value, b, difference)];
    return Math.abs(x - y) <= Math.max(1, CONVERSION_SHARE * Math.max(Math.abs(x), Math.abs(y)));
  }
  // A number without a unit may be a measured one written short ("paid users get 1000"); two measures of
  // different things (a day, a price) are not the same quantity because their numbers are.
  if (a.cls !== b.cls) return looselyCounted(a, b) && a.raw === b.raw;
  const tolerance = Math.max(
    (a.approx || b.approx) && !a.cls.startsWith('version:') ? 0.1 : 1e-6,
    calendarTolerance(a, b),
    a.unit !== b.unit && (IMPERIAL.has(a.unit) || IMPERIAL.has(b.unit)) ? CONVERSION_SHARE : 0,
  );
  return Math.abs(a.value - b.value) <= tolerance * Math.max(Math.abs(a.value), Math.abs(b.value));
}

/** An hour said with 点 is said on a twelve-hour clock, whatever its figures: 11点 is 11:00 or 23:00, 两点半 2:30 or 14:30. */
const HAN_HOUR = /^(?:1[0-2]|十[一二]?|[一二两三四五六七八九])点/;

/** An hour said in words without its part of the day: "half past two", "a quarter to nine", "ten o'clock". */
const SPOKEN_HOUR = /^(?:(?:a\s+)?(?:half|quarter)\s+(?:past|to)\s+\S+|\S+\s+o['’]clock)$/i;

/**
 * Whether a time written on the twelve-hour clock without its part of the day ("picked up by 4:30") is the afternoon
 * time the other writes on the 24-hour clock ("collected by 16:30").
 */
function onTwelveHourClock(twelve: Quantity, full: Quantity): boolean {
  const hour = Math.floor(twelve.value / 60);
  if (twelve.fullDay === true || twelve.raw !== hour || hour < 1 || hour > 12 || twelve.value + 720 !== full.value) {
    return false;
  }
  // The other says "pm" itself ("11:45 pm", "7 pm"): any hour to 12 written without it is that time, "11:45" too.
  if (PM.test(full.text) && !AM_OR_PM.test(twelve.text)) return true;
  // A 24-hour clock writes two digits from 10:00 on, and a text that does may write 9:00 for the morning: only an hour
  // of one digit, written without a leading zero, is read both ways.
  return (
    (/^[1-9]\D/.test(twelve.text) || HAN_HOUR.test(twelve.text) || SPOKEN_HOUR.test(twelve.text)) && full.raw >= 13
  );
}

const PM = /\bp\.?m\b/i;
const AM_OR_PM = /\b[ap]\.?m\b/i;

/** Units of another system than the metric one: a value converted to or from one is rounded ("8 kg (17.6 lb)"). */
const IMPERIAL: ReadonlySet<string> = new Set(['lb', 'oz', 'inch', 'foot', 'mile']);

/**
 * Months and years are not a fixed number of days: "three months" is twelve or thirteen weeks, "two years" 730 or
 * 731 days. Between a month and another unit, values this close are the same length; between a year and days or
 * weeks, closer still.
 */
function calendarTolerance(a: Quantity, b: Quantity): number {
  if (a.cls !== 'time' || a.unit === b.unit) return 0;
  const units = [a.unit, b.unit];
  if (units.includes('month')) return 0.09;
  if (units.includes('year')) return 0.01;
  return 0;
}

function sameDate(a: NonNullable<Quantity['date']>, b: NonNullable<Quantity['date']>): boolean {
  let shared = 0;
  for (const field of ['year', 'month', 'day'] as const) {
    if (a[field] === undefined || b[field] === undefined) continue;
    if (a[field] !== b[field]) return false;
    shared++;
  }
  return shared > 0;
}

/** What kind of disagreement two comparable quantities make: a unit changed, a date, or a number. */
export function conflictKind(claim: Quantity, source: Quantity): 'number' | 'unit' | 'date' {
  if (claim.date || source.date || claim.cls === 'weekday') return 'date';
  if (sameNumbers(claim, source) && claim.unit !== source.unit) return 'unit';
  return 'number';
}

/**
 * Whether two values write the same numbers, whatever they measure: 190 and 190, or the ranges "1到7周" and "1至7天",
 * whose ends differ by one factor. The same numbers in another unit are a changed unit.
 */
function sameNumbers(claim: Quantity, source: Quantity): boolean {
  if (claim.range === undefined || source.range === undefined) return claim.raw === source.raw;
  const [claimLow, claimHigh] = claim.range;
  const [sourceLow, sourceHigh] = source.range;
  if (sourceLow === 0 || sourceHigh === 0) return false;
  const factor = claimLow / sourceLow;
  return Math.abs(claimHigh / sourceHigh - factor) <= 1e-9 * Math.max(1, Math.abs(factor));
}

/**
 * Whether a source value admits the claim's: a threshold it lies on the right side of ("70岁" of "年满65周岁" beside
 * "未满6周岁"), or a range it lies in ("1.3米" of "1.2米至1.5米").
 */
export function admits(held: Quantity, quantity: Quantity): boolean {
  // A range of the claim's ("aged 5 to 11") is compared end to end, as another range.
  if (quantity.loose || quantity.range || !comparable(quantity, held)) return false;
  if (held.range) return quantity.value >= held.range[0] && quantity.value <= held.range[1];
  if (!held.threshold) return false;
  return held.atLeast ? quantity.value >= held.value : quantity.value <= held.value;
}

/** The kind of measure, a rate's amount's: money in pounds for "£12" and "£12 a day". */
export function measureOf(quantity: Quantity): string {
  const slash = quantity.cls.indexOf('/');
  return slash < 0 ? quantity.cls : quantity.cls.slice(0, slash);
}

/**
 * One amount, however each text says how often: "每月29美元" is "$29 … per month", "15英里每小时" is "15 mph". The
 * number as written, of the same kind of measure.
 */
export function sameAmount(a: Quantity, b: Quantity): boolean {
  return measureOf(a) === measureOf(b) && (sameQuantity(a, b) || (a.raw === b.raw && a.range === undefined));
}

/**
 * Whether a value is an amount a thing has, or the case another amount is for: not a bare number, a code or a version
 * (a name), a day of the week, a period said in a word ("monthly"), a difference or a total. Values of this sort can
 * be traded between two things.
 */
export function namesAmount(quantity: Quantity): boolean {
  return !(
    quantity.cls === 'bare' ||
    quantity.cls === 'period' ||
    quantity.cls === 'weekday' ||
    quantity.cls.startsWith('term:') ||
    quantity.cls.startsWith('version:') ||
    quantity.cls.startsWith('diff:') ||
    quantity.cls.startsWith('sum:')
  );
}

/** How far apart two approximate figures may be and still be one figure rounded two ways. */
const APPROXIMATE_SHARE = 0.05;
