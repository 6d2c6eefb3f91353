import { adjacent, VULGAR_FRACTIONS, type Token } from './claim-tokens.js';
import { PHONE_KEY, type Quantity } from './quantity.js';
import { HanQuantityReading } from './han-quantities.js';
import {
  AFTERNOON,
  DAY_PART,
  AM_PM,
  BEYOND,
  BINARY_SIZES,
  MOLAR,
  SQUARE_WORDS,
  CUBIC_WORD,
  CHANGE_VERBS,
  CHANGING,
  CLOCK_WORDS,
  COMPARATIVE,
  COMPARATIVES,
  COMPARING,
  DETERMINERS,
  DIFFERENCE_WORDS,
  EXTRA_WORDS,
  FRACTIONS,
  HOW_OFTEN,
  INSTRUCTION_VERBS,
  MONTH_BEFORE,
  MULTIPLES,
  MULTIPLYING,
  NOT_A_NOUN,
  NOUN_WORDS,
  ORDINAL_SUFFIX,
  PER_WORDS,
  RANGED,
  RANGE_WORDS,
  RATED,
  SAVING,
  SAVING_REACH,
  TOPS_OUT,
  TOTALS,
  UNIT_FOLLOWERS,
  UPPER_AMOUNTS,
  LATER_MOMENTS,
  hyphenedFraction,
  isCnNumeral,
  startsQuantity,
} from './quantity-words.js';
import {
  APPROXIMATE,
  AS_BOUND,
  CURRENCY_SIGNS,
  DAY,
  HAN_MULTIPLIERS,
  LATIN_PERIODS,
  LATIN_UNITS,
  WEEK,
  LOOSE_AFTER,
  LOOSE_BEFORE,
  MONTH_NAMES,
  MULTIPLIERS,
  NUMBER_WORDS,
  numberInWords,
  WEEKDAYS,
  WORKING_DAY,
  type Unit,
} from './quantity-units.js';

/** A word that says which of the things counted: "checked" in "two checked bags". */
const PARTICIPLE = /^\p{L}{3,}ed$/u;
/** How many words after such a word may name what is counted: "unused | leave days". */
const COUNTED_WORDS = 2;
/** A verb with its denial: "don't", "can't", "won't". */
const DENIED_VERB = /n['’]t$/;
/** A whole number of pence from this on is no price: "1080p", "720p". */
const PENCE_BELOW = 200;
/** A word before the first of two values that says they are a change, not a range: "from 3 to 5", "从3到5". */
const CHANGE_FROM: ReadonlySet<string> = new Set(['from', '从']);
/** The signs written before a number below zero. */
const MINUS: ReadonlySet<string> = new Set(['-', '−']);
/** The words between two versions of one name in a list: "Years 5 and 6", "Python 3.11 or 3.12". */
const VERSION_LIST_WORDS: ReadonlySet<string> = new Set(['and', 'or', ',', '&']);
/**
 * A name's number is written in digits or as a capitalised word ("Calmex Six Plus"): "Whisk four egg yolks" and "a
 * wrong PIN five times" count.
 */
function writtenAsName(text: string): boolean {
  return /\d|^\p{Lu}/u.test(text);
}

/**
 * Whether the number whose first token is `first` gives an age, or the second end of a range of ages: "aged 65", "aged
 * 4 to 6", "ages 4-6", "aged between 18 and 25".
 */
export function saysAge(tokens: readonly Token[], first: number): boolean {
  let k = first - 1;
  const joint = tokens[k]?.lower ?? '';
  if ((RANGE_WORDS.has(joint) || joint === 'and') && tokens[k - 1]?.kind === 'number') k -= 2;
  if (tokens[k]?.lower === 'between') k--;
  return AGE_WORDS.has(tokens[k]?.lower ?? '');
}

/** The fractions said after a whole number or unit: "two and a half", "an hour and a quarter", "a mile and three quarters". */
const AND_A_FRACTION: readonly { words: readonly string[]; value: number }[] = [
  { words: ['and', 'a', 'half'], value: 0.5 },
  { words: ['and', 'a', 'quarter'], value: 0.25 },
  { words: ['and', 'three', 'quarters'], value: 0.75 },
];

/**
 * The minutes "half past" and "a quarter to" add to or take from an hour. "Ten past six" is left unread: "ten to
 * twelve" and "five to ten" are as often ranges.
 */
const SPOKEN_SHARES: ReadonlyMap<string, number> = new Map([
  ['half', 30],
  ['quarter', 15],
]);
/** The parts of a day said after an hour: "six in the evening", "ten at night". */
const DAY_PARTS: readonly (readonly string[])[] = [
  ['in', 'the', 'morning'],
  ['in', 'the', 'afternoon'],
  ['in', 'the', 'evening'],
  ['at', 'night'],
];
const DAY_PART_AFTERNOON: ReadonlySet<string> = new Set(['afternoon', 'evening', 'night']);
const O_CLOCK: ReadonlySet<string> = new Set(["o'clock", 'o’clock']);

/** The modal characters between 不 and a comparison: 不得超过, 不能低于, 不应低于. */
const HAN_MODALS: ReadonlySet<string> = new Set(['得', '能', '应', '可', '宜', '会']);

/** The words before an age said without its unit. */
const AGE_WORDS: ReadonlySet<string> = new Set(['aged', 'age', 'ages']);
/** "Years 5 and 6" and "Year 5" version one name. */
function versionOf(name: string): string {
  return `version:${name.length > 3 && name.endsWith('s') && !name.endsWith('ss') ? name.slice(0, -1) : name}`;
}
/**
 * Kinds of day written between a number and its unit: "10 working days", "5 business days", and, of a planet, "687
 * Earth days" or "11.9 Earth years".
 */
const DAY_KINDS: ReadonlySet<string> = new Set([
  'working',
  'business',
  'calendar',
  'school',
  'clear',
  'consecutive',
  'earth',
]);
const WORKING_DAYS: ReadonlySet<string> = new Set(['working', 'business', 'school']);
/** Words before an amount that say it is added to another: "an extra £15". */
const EXTRA_BEFORE: ReadonlySet<string> = new Set(['extra', 'additional']);
/** A time said to be in the afternoon or evening, by its own words. */
const SAID_AFTERNOON = /(?:p\.?m\.?|下午|晚上|傍晚|晚)/i;
/** What 满 reaches when it bounds: an age or a length of time (满6岁, 满1年, 满3个月). */
const REACHED: ReadonlySet<string> = new Set(['岁', '周', '年', '月', '天', '日', '时', '钟', '期']);
/** The side a word after "and" or "or" gives the number before it: "and above" is at least, "or less" at most. */
const SIDE_AFTER: ReadonlyMap<string, string> = new Map([
  ...['above', 'over', 'more', 'older', 'up', 'upwards', 'higher', 'longer', 'later'].map(
    (w) => [w, 'and over'] as const,
  ),
  ...['under', 'below', 'less', 'fewer', 'younger', 'lower', 'shorter', 'earlier'].map(
    (w) => [w, 'and under'] as const,
  ),
]);
/**
 * What may follow such a side word when it closes the bound ("aged 70 and above are charged", "12 and under eat
 * free"): a verb or a word that goes on about the people or things bounded. Anything else ("and more than 900
 * sculptures", "and over 500 guests") starts a phrase of its own.
 */
const AFTER_SIDE: ReadonlySet<string> = new Set(
  (
    "are is was were be can cannot can't may might must will would should could do does don't doesn't have has " +
    'pay pays paid get gets receive receives enjoy enjoys travel travels ride rides fly flies stay stays eat eats go ' +
    'goes play swim ski visit visits apply join enter book use qualify qualifies need needs require requires ' +
    'who with at in on for from only also and or years year old welcome'
  ).split(' '),
);
/**
 * The words that set a threshold a thing reaches or falls short of (an age, a length of service): a value on the other
 * side of it disagrees, as "16周岁" does with "年满18周岁".
 */
const THRESHOLDS: ReadonlySet<string> = new Set(['满', '年满', '已满', '未满', '不满', 'and over', 'and under', '+']);
/** What "+" adds to an amount rather than bounding it: "$49+tax", "£20 + postage". */
const ADDED_AFTER_PLUS: ReadonlySet<string> = new Set([
  'tax',
  'taxes',
  'vat',
  'gst',
  'postage',
  'shipping',
  'delivery',
  'fees',
  'fee',
]);
/** The verb between a subject that names a bound and its number: "the maximum stay is 90 days". */
const BOUND_COPULAS: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were', 'be']);
/** The words that make a subject a bound, and the bound each names. */
const BOUNDING_SUBJECTS: ReadonlyMap<string, string> = new Map([
  ['maximum', 'maximum'],
  ['max', 'maximum'],
  ['limit', 'maximum'],
  ['minimum', 'minimum'],
  ['min', 'minimum'],
]);
/** How many words before its verb a subject's bound word may stand: "the maximum weight for a single parcel is". */
const SUBJECT_REACH = 7;
const HAN_BOUND_COPULAS: ReadonlySet<string> = new Set(['为', '是']);
const HAN_BOUNDING_SUBJECTS: ReadonlyMap<string, string> = new Map([
  ['最大', 'maximum'],
  ['最高', 'maximum'],
  ['最长', 'maximum'],
  ['最多', 'maximum'],
  ['上限', 'maximum'],
  ['最小', 'minimum'],
  ['最低', 'minimum'],
  ['最短', 'minimum'],
  ['最少', 'minimum'],
  ['下限', 'minimum'],
]);
/**
 * A number token's value: "1,200" and "1.5" as English writes them, "1,5" as others do, "1½", "¾" and "1/2" as recipes
 * do.
 */
function numberWithFraction(text: string): number {
  const fraction = fractionOf(text);
  if (fraction !== undefined) return fraction;
  const vulgar = VULGAR_FRACTIONS.get(text.at(-1)!);
  if (vulgar !== undefined) return (text.length > 1 ? numberWithFraction(text.slice(0, -1)) : 0) + vulgar;
  return Number(/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(text) ? text.replaceAll(',', '') : text.replace(',', '.'));
}

const VERSION_WORD = /^[vV](\d+(?:\.\d+){2,})$/;

/** The value of a fraction token: "1/2", "¾"; undefined for any other number. */
function fractionOf(text: string): number | undefined {
  const slash = SLASHED_FRACTION.exec(text);
  if (slash) return Number(slash[1]) / Number(slash[2]);
  return text.length === 1 ? VULGAR_FRACTIONS.get(text) : undefined;
}

const SLASHED_FRACTION = /^(\d)\/(\d)$/;

/** The breaks between two clauses that give values in parallel. */
const PARALLEL_BREAKS: ReadonlySet<string> = new Set(['，', ',', '；', ';']);
/** How many characters may qualify a number between its verb and itself: 为每月100元, 为单人60万元. */
const HAN_QUALIFIER_REACH = 2;
/** How many characters before its verb a Chinese subject's bound word may stand: 最大骑行者体重为. */
const HAN_SUBJECT_REACH = 8;
/** The words that bound a value from below. */
const AT_LEAST: ReadonlySet<string> = new Set([
  'least',
  'minimum',
  'min',
  'over',
  'above',
  '至少',
  '最少',
  '最低',
  '最短',
  '+',
  'and over',
  '满',
  '年满',
  '已满',
  '以上',
  '超过',
  '高于',
  '多于',
  '大于',
  '不低于',
  '不少于',
  '不小于',
]);
/** The breaks after which a clause may leave its rate's period unsaid, and the most words it names its thing with. */
const ELIDING_BREAKS: ReadonlySet<string> = new Set([',', ';', '，', '；']);
const ELIDED_WORDS = 4;
/** The most words "for" names what a value is for with, after a value that leaves its period unsaid. */
const FOR_WORDS = 3;
/** Words that name a charge of another kind than the rate before: "; deposit £50", "plus a one-off key fee, $10". */
const NOT_ELIDED: ReadonlySet<string> = new Set(
  'deposit fee fine charge total plus one-off cap limit maximum minimum max min extra additional once'.split(' '),
);
/** Noon, in minutes after midnight. */
const NOON = 12 * 60;
/** Times of day said by name, in minutes after midnight; midnight is read as 12 a.m. is. */
const NAMED_TIMES: ReadonlyMap<string, number> = new Map([
  ['noon', NOON],
  ['midday', NOON],
  ['midnight', 0],
]);
/** Words before "to" that make it a cause: "due to midday heat". */
const CAUSE_BEFORE_TO: ReadonlySet<string> = new Set(['due', 'owing', 'thanks', 'according']);
/** The words before a time of day said by name that make it one: "at noon", "from 9 am to midnight". */
const CLOCK_BEFORE: ReadonlySet<string> = new Set([
  'at',
  'until',
  'till',
  'by',
  'before',
  'after',
  'from',
  'to',
  'between',
  'and',
  '-',
  '–',
  '—',
]);

/**
 * Words, written in lowercase too, that a number after them versions or designates, whatever follows: "came with
 * firmware 3.1", "since version 2", "on floor 2 prints …", "gate 12", "platform 3". The number names the thing, as in
 * "Python 3.9" or "Route 42".
 */
const VERSIONED: ReadonlySet<string> = new Set(
  'firmware version floor gate platform terminal level zone room bay pier berth track hall building block ward exit aisle route line bus'.split(
    ' ',
  ),
);

/** The era a year is counted in, written in capitals before it. */
const ERA: ReadonlySet<string> = new Set(['AD', 'CE']);

/** What "older than 6.8" sets a version against, and the words that name versions. */
const VERSION_COMPARISONS: ReadonlySet<string> = new Set(['than', 'before', 'after', 'from', 'since']);
const VERSION_NAMES: ReadonlySet<string> = new Set(['version', 'versions', 'firmware', 'release', 'releases']);

/** A month's name: "may" only as written "May", for "children aged 6 to 12 may take" says no date. */
function namesMonth(token: Token): boolean {
  return MONTH_NAMES.has(token.lower) && (token.lower !== 'may' || token.text === 'May');
}

/** Reads the quantities of a sentence's tokens, in order. `stem` names what a count counts. */
export function scanQuantities(tokens: readonly Token[], stem: (word: string) => string): Quantity[] {
  return new QuantityScanner(tokens, stem).scan();
}

const HOUR_SECONDS = 3600;

class QuantityScanner extends HanQuantityReading {
  protected readonly found: Quantity[] = [];
  protected i = 0;
  /** The last bound read from a Chinese subject, and the token of its number: see `parallelBound`. */
  private subjectBound: { word: string; at: number } | undefined;

  constructor(
    protected readonly tokens: readonly Token[],
    private readonly stem: (word: string) => string,
  ) {
    super();
  }

  scan(): Quantity[] {
    while (this.i < this.tokens.length) {
      const before = this.i;
      this.step();
      if (this.i === before) this.i++;
    }
    return this.found;
  }

  private at(offset = 0): Token | undefined {
    return this.tokens[this.i + offset];
  }

  private step(): void {
    const token = this.at()!;
    if (token.kind === 'number') return this.number(token);
    if (token.kind === 'han') return this.han(token);
    if (token.kind === 'word') return this.word(token);
  }

  protected push(quantity: Omit<Quantity, 'loose' | 'approx' | 'atLeast'>, first: number, last: number): void {
    const word = this.looseWord(first, last);
    // Every field named, in one order, those a quantity lacks too: every quantity then has the same shape, which
    // the many comparisons of quantities read fastest, and a copy of one keeps it.
    // A number below zero is shown with its sign: "−18℃", not "18℃".
    const sign = this.tokens[first - 1];
    const signed = quantity.raw < 0 && sign !== undefined && adjacent(sign, this.tokens[first]) && MINUS.has(sign.text);
    let found: Quantity = {
      cls: quantity.cls,
      value: quantity.value,
      raw: quantity.raw,
      key: quantity.key,
      date: quantity.date,
      unit: quantity.unit,
      loose: word !== undefined,
      approx: word !== undefined && APPROXIMATE.has(word),
      atLeast: word !== undefined && AT_LEAST.has(word),
      threshold: word !== undefined && THRESHOLDS.has(word),
      untimed: quantity.untimed,
      fullDay: quantity.fullDay,
      compared: quantity.compared,
      perMeasure: quantity.perMeasure,
      range: quantity.range,
      text: signed ? sign.text + quantity.text : quantity.text,
      start: signed ? sign.start : quantity.start,
      end: quantity.end,
      // Every field of Quantity must be named here: a field added to it and left out would be dropped silently.
    } satisfies Record<keyof Quantity, unknown>;
    const perTime = this.perTimeAfter(found, last);
    if (perTime !== undefined) {
      found = perTime.quantity;
      last = perTime.last;
    } else if (this.tokens[first - 1]?.kind === 'han')
      found = this.hanRate(found, first) ?? this.comparedOrSummed(found, first);
    // A time of day is no difference: "by 11:45" is a deadline.
    else if (found.cls !== 'ratio' && found.cls !== 'clock') {
      const difference = this.saysDifference(first, last);
      if (difference === 'said') found = { ...found, cls: `diff:${found.cls}` };
      else if (difference === 'likely') found = { ...found, compared: true };
    }
    found = this.range(found, first);
    this.found.push(found);
    this.i = last + 1;
  }

  /**
   * A length or a volume over a time written with a slash after a Chinese unit: "20公里/小时", "5升/分钟", read as
   * "20 km/h" is. The slash and the time are the value's.
   */
  private perTimeAfter(quantity: Quantity, last: number): { quantity: Quantity; last: number } | undefined {
    // The slash is no token: the time follows the unit with one character between them.
    const next = this.tokens[last + 1];
    if ((quantity.cls !== 'length' && quantity.cls !== 'volume') || next?.start !== this.tokens[last]!.end + 1)
      return undefined;
    const time = this.hanUnitAt(last + 1);
    if (time?.unit.cls !== 'time') return undefined;
    const words = this.tokens.slice(last + 1, last + 1 + time.length);
    const written = words.map((word) => word.text).join('');
    return {
      quantity: {
        ...quantity,
        cls: `${quantity.cls}/time`,
        value: quantity.value / time.unit.factor,
        unit: `${quantity.unit}/${time.unit.name}`,
        text: `${quantity.text}/${written}`,
        end: words.at(-1)!.end,
      },
      last: last + time.length,
    };
  }

  /**
   * "200至400毫克", "4 to 6 hours", "6-8小时": each end knows the range, and the first has the second's unit. A
   * value inside the range does not disagree with it; a value outside it, or another range, does.
   */
  private range(quantity: Quantity, first: number): Quantity {
    const low = this.found.at(-1);
    const between = this.tokens[first - 1];
    // The first end, bare or with a unit of its own ("1.2米至1.5米"), the word between, the second end: nothing else
    // between them ("from 3 to 5" says a change).
    const unitOfItsOwn = low !== undefined && low.cls === quantity.cls && low.range === undefined;
    if (low === undefined || (low.cls !== 'bare' && !unitOfItsOwn) || between === undefined) return quantity;
    // An age said without its unit ("aged 4 to 12") is a range as "4 to 12 years" is.
    const ranged = RANGED.test(quantity.cls) || (quantity.cls === 'bare' && saysAge(this.tokens, first));
    if (between.start - low.end > 1 || !RANGE_WORDS.has(between.lower) || !ranged) return quantity;
    if (CHANGE_FROM.has(this.tokenBefore(low.start, first)?.lower ?? '')) return quantity;
    const factor = quantity.raw === 0 ? 1 : quantity.value / quantity.raw;
    const range = [unitOfItsOwn ? low.value : low.raw * factor, quantity.value] as const;
    this.found[this.found.length - 1] = { ...low, cls: quantity.cls, unit: quantity.unit, value: range[0], range };
    return { ...quantity, range };
  }

  /** The token before the one that starts at `start`, looked for back from the token `from`. */
  private tokenBefore(start: number, from: number): Token | undefined {
    let k = from;
    while (k >= 0 && this.tokens[k]!.start >= start) k--;
    return k >= 0 ? this.tokens[k] : undefined;
  }

  /**
   * A number after 比 … 多 in its clause says how much more, not how much (`diff:`); one after 一共, 总共 adds up
   * several of the source's values (`sum:`). Either keeps it from being compared with a value.
   */
  private comparedOrSummed(quantity: Quantity, first: number): Quantity {
    for (let k = first - 1; k >= first - 4 && this.tokens[k]?.kind === 'han'; k--) {
      if (TOTALS.has((this.tokens[k - 1]?.text ?? '') + this.tokens[k]!.text))
        return { ...quantity, cls: `sum:${quantity.cls}` };
    }
    return this.difference(quantity, first);
  }

  /**
   * "£3 more than a small one", "20 minutes longer than", "saves 1 hour 12 minutes", "three more hours": how much
   * one value exceeds another, worked out from two of the source's values rather than read from one, as 比 … 多
   * says in Chinese (`said`). "30 metres taller", "rose by 5%", "climbs 1,830 metres" may say how much or how far
   * (`likely`): such a number is taken for a difference only where two of the source's values make it (see
   * worked-out.ts).
   */
  private saysDifference(first: number, last: number): 'said' | 'likely' | undefined {
    // "20.3p per kWh cheaper than": what the amount is per stands between it and the comparative.
    const after = this.tokens[last + 1]?.lower === 'per' && this.tokens[last + 2]?.kind === 'word' ? last + 2 : last;
    const next = this.tokens[after + 1];
    const comparative =
      next?.kind === 'word' &&
      (DIFFERENCE_WORDS.has(next.lower) || (COMPARATIVE.test(next.lower) && !NOT_A_NOUN.has(next.lower)));
    if (comparative) {
      for (let k = after + 2; k <= after + 3; k++) if (this.tokens[k]?.lower === 'than') return 'said';
    }
    if (this.tokens.slice(first + 1, last + 1).some((token) => EXTRA_WORDS.has(token.lower))) return 'said';
    for (let k = first - 1; k >= first - SAVING_REACH && this.tokens[k]?.kind === 'word'; k--) {
      if (SAVING.test(this.tokens[k]!.lower)) return 'said';
    }
    const before = this.tokens[first - 1];
    const changed = before?.lower === 'by' ? this.tokens[first - 2] : before;
    // "costs an extra £15", "an additional 2 GB": how much more, maybe worked out from two of the source's values.
    const extraBefore = EXTRA_BEFORE.has(before?.lower ?? '') && this.tokens[first - 2]?.lower === 'an';
    if (
      extraBefore ||
      comparative ||
      BEYOND.has(next?.lower ?? '') ||
      before?.lower === 'by' ||
      (changed?.kind === 'word' && CHANGING.test(changed.lower))
    ) {
      return 'likely';
    }
    return undefined;
  }

  private difference(quantity: Quantity, first: number): Quantity {
    let k = first - 1;
    if (this.saysApart(first)) return { ...quantity, cls: `diff:${quantity.cls}` };
    if (this.tokens[k]?.text === '了' || this.tokens[k]?.text === '出') k--;
    // 多花, 多付: one verb between the comparative and the number.
    if (!COMPARATIVES.has(this.tokens[k]?.text ?? '') && this.tokens[k]?.kind === 'han') k--;
    if (!COMPARATIVES.has(this.tokens[k]?.text ?? '') || CHANGE_VERBS.has(this.tokens[k - 1]?.text ?? ''))
      return quantity;
    for (let j = k - 1; j >= 0 && this.tokens[j]!.kind !== 'break'; j--) {
      // 同比, 环比: year on year, not "than".
      const before = this.tokens[j - 1]?.text;
      if (this.tokens[j]!.text === '比' && before !== '同' && before !== '环') {
        return { ...quantity, cls: `diff:${quantity.cls}` };
      }
    }
    return quantity;
  }

  /**
   * 相差0.28元, 差了5分钟: how far two values are apart. 误差 (a margin of error) gives a value of its own: "误差不超过
   * 2毫米".
   */
  private saysApart(first: number): boolean {
    const k = this.tokens[first - 1]?.text === '了' ? first - 2 : first - 1;
    return this.tokens[k]?.text === '差' && this.tokens[k - 1]?.text !== '误';
  }

  /** The word that makes a number approximate or a bound: "about 5", "up to 3", "约5", "5个左右". */
  private looseWord(first: number, last: number): string | undefined {
    const previous = this.tokens[first - 1];
    const before = this.tokens[first - 2];
    if (previous !== undefined && previous.kind !== 'break') {
      // 未满 before 满: the pair says the side.
      const said = (before?.text ?? '') + previous.text;
      if (previous.kind === 'han' && before?.kind === 'han' && LOOSE_BEFORE.has(said)) {
        return this.deniedBefore(first - 3) ? `不${said}` : said;
      }
      // 满 bounds an age or a time reached (满6岁, 住满3年), not a count said in full (扣满12分).
      if (previous.text === '满' && !this.tokens.slice(first, last + 1).some((t) => REACHED.has(t.text)))
        return undefined;
      // "more than 7 days", "longer than 7 calendar days": a bound from below, as "over" is.
      if (previous.lower === 'than' && GREATER.has(before?.lower ?? '')) return 'over';
      if (LOOSE_BEFORE.has(previous.lower)) return previous.lower;
      // "up to 3", "a maximum of 4 g", "no more than 4 mg".
      if (previous.lower === 'to' && before?.lower === 'up') return 'up';
      // "limited to 8 km/h", "restricted to 2 bags": a limit, as "up to" says it. A cap ("capped at €20 per hire") is left a
      // value: a total under it is still worked out from the rate it caps.
      if (previous.lower === 'to' && LIMITED.has(before?.lower ?? '')) return 'up';
      // "tops out at five seats", "maxes out at 40 GB": the most there is.
      if (previous.lower === 'at' && before?.lower === 'out' && TOPS_OUT.includes(this.tokens[first - 3]?.lower ?? ''))
        return 'up';
      if (previous.lower === 'of' && (before?.lower === 'maximum' || before?.lower === 'minimum')) return before.lower;
      // "as much as 20 kg", "as few as 3": the comparison names a bound.
      if (previous.lower === 'as' && before !== undefined && AS_BOUND.has(before.lower)) return before.lower;
      // "The maximum weight for a single parcel is 50 kg", "the minimum age is 18": the subject names the bound.
      if (BOUND_COPULAS.has(previous.lower)) {
        const word = this.boundingSubject(first - 2);
        if (word !== undefined) return word;
      }
      // 最大骑行者体重为150公斤, 免签停留时间最长为144小时: the same in Chinese, a qualifier of up to two characters
      // allowed after the verb (最低消费为每月100元). A clause that goes on in parallel ("首套房最低首付比例为20%，二套房为30%")
      // keeps the bound its subject leaves unsaid.
      const copula = this.hanCopulaBefore(first);
      if (copula !== undefined) {
        const word =
          this.hanBoundingSubject(copula - 1) ?? (copula === first - 1 ? this.parallelBound(first) : undefined);
        if (word !== undefined) {
          this.subjectBound = { word, at: first };
          return word;
        }
      }
      if (previous.kind === 'han') {
        const pair = (before?.text ?? '') + previous.text;
        // 不超过, 不得低于: the denial turns the comparison to the other side.
        if (LOOSE_BEFORE.has(pair)) return this.deniedBefore(first - 3) ? `不${pair}` : pair;
        const word = this.hanBoundBefore(first);
        if (word !== undefined) return word;
      }
    }
    // "5+ nights": the sign stands inside the value's span, between the number and what it counts.
    for (let k = first + 1; k <= last; k++) {
      if (this.tokens[k]!.text === '+' && this.tokens[k - 1]!.kind === 'number' && this.boundsByPlus(k)) return '+';
    }
    const next = this.tokens[last + 1];
    if (next === undefined) return undefined;
    // "70 and above", "18 or over", "12 and under": the side is the word after the joint.
    if (next.lower === 'and' || next.lower === 'or') {
      const side = SIDE_AFTER.get(this.tokens[last + 2]?.lower ?? '');
      const after = this.tokens[last + 3];
      if (side !== undefined && (after === undefined || after.kind === 'break' || AFTER_SIDE.has(after.lower))) {
        return side;
      }
    }
    // "70+" and "5+ nights" bound the number written against the sign; "£500 + VAT" and "2+1" add.
    if (next.text === '+') return adjacent(this.tokens[last], next) && this.boundsByPlus(last + 1) ? '+' : undefined;
    const pair = next.text + (this.tokens[last + 2]?.text ?? '');
    if (LOOSE_AFTER.has(pair)) return pair;
    return LOOSE_AFTER.has(next.lower) ? next.lower : undefined;
  }

  /**
   * The bound a subject names, read back from `last` to the clause's start: "maximum" in "the maximum weight for a
   * single parcel", "minimum" in "the minimum age". A limit is a maximum.
   */
  private boundingSubject(last: number): string | undefined {
    for (let k = last; k > last - SUBJECT_REACH; k--) {
      const token = this.tokens[k];
      if (token === undefined || token.kind === 'break' || token.kind === 'number') return undefined;
      // "Max" and "Limit" with a capital mid-sentence name a plan or a product: "the Max plan is £15 a month".
      if (k > 0 && this.tokens[k - 1]?.kind !== 'break' && /^\p{Lu}/u.test(token.text)) continue;
      const word = BOUNDING_SUBJECTS.get(token.lower);
      if (word !== undefined) return word;
    }
    return undefined;
  }

  /**
   * The bound of the clause before, for a clause that gives its value in parallel: one clause break and no other number
   * between the two values, and the subject left unsaid (二套房为30%).
   */
  private parallelBound(first: number): string | undefined {
    const said = this.subjectBound;
    if (said === undefined) return undefined;
    let breaks = 0;
    for (let k = said.at + 1; k < first; k++) {
      const token = this.tokens[k]!;
      if (token.kind === 'number') return undefined;
      if (token.kind === 'break') {
        if (!PARALLEL_BREAKS.has(token.text)) return undefined;
        breaks++;
      }
    }
    return breaks === 1 ? said.word : undefined;
  }

  /** The 为 or 是 just before a Chinese number, or before a qualifier of up to two characters before it (为每月100元). */
  private hanCopulaBefore(first: number): number | undefined {
    for (let k = first - 1; k >= first - 1 - HAN_QUALIFIER_REACH && this.tokens[k]?.kind === 'han'; k--) {
      if (HAN_BOUND_COPULAS.has(this.tokens[k]!.text)) return k;
    }
    return undefined;
  }

  /** The bound a Chinese subject names: 最大 in 最大骑行者体重为, 最长 in 停留时间最长为. */
  private hanBoundingSubject(last: number): string | undefined {
    for (let k = last; k > last - HAN_SUBJECT_REACH && this.tokens[k - 1]?.kind === 'han'; k--) {
      const word = HAN_BOUNDING_SUBJECTS.get(this.tokens[k - 1]!.text + this.tokens[k]!.text);
      if (word !== undefined) return word;
    }
    return undefined;
  }

  /** The fraction that follows a whole number `first` as a mixed number's, after a space or a hyphen. */
  private mixedFraction(first: number, text: string): { value: number; last: number } | undefined {
    if (!/^\d+$/.test(text)) return undefined;
    let at = first + 1;
    if (this.tokens[at]?.text === '-' && adjacent(this.tokens[first], this.tokens[at])) at++;
    const next = this.tokens[at];
    if (next?.kind !== 'number') return undefined;
    const fraction = fractionOf(next.text);
    if (fraction === undefined || next.start - this.tokens[at - 1]!.end > 1) return undefined;
    return { value: fraction, last: at };
  }

  /** Whether the "+" at `at` bounds the number before it ("70+", "5+ nights") rather than adds to it ("$49+tax", "2+1"). */
  private boundsByPlus(at: number): boolean {
    const after = this.tokens[at + 1];
    return after?.kind !== 'number' && !/^\p{Lu}/u.test(after?.text ?? '') && !ADDED_AFTER_PLUS.has(after?.lower ?? '');
  }

  protected span(first: number, last: number): { text: string; start: number; end: number } {
    const start = this.tokens[first]!.start;
    const end = this.tokens[last]!.end;
    return { text: this.tokens.slice(first, last + 1).reduce(joinTokens, ''), start, end };
  }

  /**
   * A phone number: groups of digits all joined by single spaces, opening with a 0 or a "+" ("0161 555 0148", "+44 20
   * 7946 0958"), or all joined by hyphens, three groups or more ("400-820-6688"); each group after the first of two to
   * four digits, 7 to 15 digits in all. Read as one code, compared digit for digit: read group by group, "0184" for
   * "0148" was a bare number beside two others that matched. A group a unit follows is a value of its own ("0345 600
   * 0823 24 hours a day"), and a date or a span of times is no phone number ("15-03-2024", "0800-1800").
   */
  private phoneNumber(first: number): boolean {
    const start = this.tokens[first]!;
    if (this.tokens[first - 1]?.kind === 'number' || !/^\d{2,}$/.test(start.text)) return false;
    const plus = this.tokens[first - 1]?.text === '+' && adjacent(this.tokens[first - 1], start);
    let last = first;
    let digits = start.text;
    let joint: 'space' | 'hyphen' | undefined;
    for (;;) {
      const next = this.tokens[last + 1];
      const hyphen = next?.text === '-' && adjacent(this.tokens[last], next) ? this.tokens[last + 2] : undefined;
      const group = hyphen ?? next;
      if (group?.kind !== 'number' || !PHONE_GROUP.test(group.text)) break;
      // Joined by one space, or by a hyphen written with no space on either side, the same way throughout.
      const by = hyphen ? 'hyphen' : 'space';
      if (hyphen ? !adjacent(next, hyphen) : group.start !== this.tokens[last]!.end + 1) break;
      if ((joint ?? by) !== by) break;
      const groupAt = hyphen ? last + 2 : last + 1;
      if (this.unitAt(groupAt + 1) !== undefined) break;
      joint = by;
      digits += group.text;
      last = groupAt;
    }
    if (last === first || digits.length < PHONE_DIGITS[0] || digits.length > PHONE_DIGITS[1]) return false;
    const groups = joint === 'hyphen' ? (last - first) / 2 + 1 : last - first + 1;
    const phoneShaped = joint === 'space' ? plus || start.text.startsWith('0') : groups >= 3;
    if (!phoneShaped || DATE_SHAPED.test(this.span(first, last).text)) return false;
    const from = plus ? first - 1 : first;
    this.push(
      { cls: 'dotted', value: 0, raw: 0, key: PHONE_KEY + digits, unit: '', ...this.span(from, last) },
      from,
      last,
    );
    // A code is no bound: the "+" that opens it is not the "+" of "70+".
    const read = this.found.at(-1)!;
    this.found[this.found.length - 1] = { ...read, loose: false, approx: false, atLeast: undefined };
    return true;
  }

  private number(token: Token): void {
    const first = this.i;
    const text = token.text;
    if (/^\d{4}-\d{1,2}-\d{1,2}$/.test(text)) {
      const [year, month, day] = text.split('-').map(Number);
      return this.pushDate({ year, month, day }, first, first);
    }
    if (/^\d+(?:\.\d+){2,}$/.test(text)) {
      return this.push(
        { cls: 'dotted', value: 0, raw: 0, key: text, unit: '', ...this.span(first, first) },
        first,
        first,
      );
    }
    if (this.phoneNumber(first)) return;
    const withAmPm = AM_PM.has(this.tokens[first + 1]?.lower ?? '');
    // "7.30pm", as British English writes it, is 19:30, not 7.3 hours after noon; "£22.50pm" is a price a month.
    const dotted =
      withAmPm && this.tokens[first - 1]?.kind !== 'symbol' ? /^(1[0-2]|0?\d)\.([0-5]\d)$/.exec(text) : null;
    const clock = /^(\d{1,2}):(\d{2})$/.exec(text) ?? dotted;
    if (clock) {
      // "12:00 midnight" and "12:00 noon" say which twelve o'clock they are.
      const named = NAMED_TIMES.get(this.tokens[first + 1]?.lower ?? '');
      if (named !== undefined && clock[1] === '12' && clock[2] === '00') return this.namedTime(named, first, first + 1);
      // "11:40 pm" is 23:40.
      return this.clockAt(Number(clock[1]), Number(clock[2]), first, withAmPm ? first + 1 : first);
    }
    let value = numberWithFraction(text);
    if (!Number.isFinite(value)) return;
    // "1 1/2 cups", "1-1/2 tablets", "2 ½ ml": a whole number and the fraction after it are one mixed number.
    const mixed = this.mixedFraction(first, text);
    if (mixed !== undefined) {
      value += mixed.value;
      return this.measured(value, first, mixed.last);
    }
    if (this.negative(first)) value = -value;
    if (this.tokens[first - 1]?.text === '第' && Number.isInteger(value)) return this.ordinal(value, first - 1, first);
    let last = first;
    // "14th", "1990s": the suffix is part of the number.
    if (adjacent(token, this.at(1)) && ORDINAL_SUFFIX.has(this.at(1)!.lower)) last++;
    // "2 and a half hours", as "two and a half" is read; "£68 and a half day" prices a half day.
    const priced = this.tokens[first - 1]?.kind === 'symbol' && CURRENCY_SIGNS.has(this.tokens[first - 1]!.text);
    const fraction = Number.isInteger(value) && !priced ? this.andAFractionAfter(last) : undefined;
    if (fraction !== undefined) {
      value += fraction;
      last += 3;
    }
    const multiplier = this.tokens[last + 1];
    if (multiplier?.kind === 'word' && MULTIPLIERS.has(multiplier.lower) && !this.unitAt(last + 2)) {
      const isLetterSuffix = multiplier.lower.length <= 2;
      if (!isLetterSuffix || adjacent(this.tokens[last], multiplier)) {
        value *= MULTIPLIERS.get(multiplier.lower)!;
        last++;
      }
    } else if (multiplier?.kind === 'han' && HAN_MULTIPLIERS.has(multiplier.text) && !this.hanUnitAt(last + 1)) {
      // 千 of 千克 and 千米 is the unit's, not a thousand: "190千克" is 190 kg.
      value *= HAN_MULTIPLIERS.get(multiplier.text)!;
      last++;
    }
    // "Years 5 and 6": a number listed after a version is a version of the same name, unless it measures or counts
    // something of its own ("Windows 11 and 8 GB of RAM", "Bluetooth 5 and 2 speakers").
    const listed = this.listedAfterVersion(first);
    if (listed !== undefined && last === first && !this.measuresAfter(last)) {
      return this.push({ cls: listed, value, raw: value, unit: '', ...this.span(first, last) }, first, last);
    }
    this.measured(value, first, last);
  }

  /** Whether a unit or a noun follows the number's last token; a name ("8 Pro") is the version's own. */
  private measuresAfter(last: number): boolean {
    const next = this.tokens[last + 1];
    if (next === undefined || next.kind !== 'word') return next !== undefined && this.unitAt(last + 1) !== undefined;
    if (this.unitAt(last + 1) !== undefined) return true;
    return !NOT_A_NOUN.has(next.lower) && !/^\p{Lu}/u.test(next.text);
  }

  private listedAfterVersion(first: number): string | undefined {
    const before = this.found.at(-1);
    const between = this.tokens[first - 1];
    if (before === undefined || !before.cls.startsWith('version:') || between === undefined) return undefined;
    if (!VERSION_LIST_WORDS.has(between.lower) || between.start - before.end > 1) return undefined;
    // Written alike: "Bluetooth 5.3 and 2 speakers" counts speakers.
    const decimals = (text: string) => text.split('.').length;
    return decimals(before.text) === decimals(this.tokens[first]!.text) ? before.cls : undefined;
  }

  /** The fraction "and a half" or "and a quarter" adds after the token `at`: "two and a half hours", "an hour and a quarter". */
  private andAFractionAfter(at: number): number | undefined {
    return AND_A_FRACTION.find(({ words }) => words.every((word, k) => this.tokens[at + 1 + k]?.lower === word))?.value;
  }

  /** Whether 不 ends at the token `at`, or stands before a modal character there: 不, 不得, 不能, 不应, 不可. */
  private deniedBefore(at: number): boolean {
    const text = this.tokens[at]?.text;
    if (text === '不') return true;
    return text !== undefined && HAN_MODALS.has(text) && this.tokens[at - 1]?.text === '不';
  }

  /** "−25", "-3", "零下15": a minus sign against the number, or 零下 before it. */
  private negative(first: number): boolean {
    const sign = this.tokens[first - 1];
    if (sign?.kind === 'symbol' && MINUS.has(sign.text) && adjacent(sign, this.tokens[first])) {
      const before = this.tokens[first - 2];
      // A word against the sign is no number the dash could run from: "在−18℃以下" is below zero.
      return (
        !adjacent(before, sign) || before?.kind === 'break' || (before?.kind === 'han' && !isCnNumeral(before.text))
      );
    }
    return this.tokens[first - 1]?.text === '下' && this.tokens[first - 2]?.text === '零';
  }

  /** What a number measures, from the words around it; `first`..`last` are the number's own tokens. */
  private measured(value: number, first: number, last: number): void {
    // "10-minute", "36-volt": the hyphen joins the number to its unit.
    const hyphen = this.tokens[last + 1];
    // "5+ nights": the sign bounds the number (see `looseWord`), and the noun after it is what it counts.
    if (
      hyphen?.text === '+' &&
      adjacent(this.tokens[last], hyphen) &&
      this.tokens[last + 2]?.kind === 'word' &&
      this.boundsByPlus(last + 1)
    ) {
      return this.measuredAfter(value, first, last, last + 1);
    }
    if (hyphen?.kind === 'symbol' && hyphen.text === '-' && adjacent(this.tokens[last], hyphen)) {
      if (this.tokens[last + 2]?.kind === 'word' && adjacent(hyphen, this.tokens[last + 2])) {
        return this.measuredAfter(value, first, last, last + 1);
      }
    }
    this.measuredAfter(value, first, last, last);
  }

  /** `skip`: the last token before the unit (the number's own last token, or a hyphen after it). */
  private measuredAfter(value: number, first: number, numberLast: number, skip: number): void {
    const last = skip;
    const before = this.tokens[first - 1];
    const sign = before?.kind === 'symbol' ? CURRENCY_SIGNS.get(before.text) : this.currencyCode(before);
    if (sign) return this.pushUnit(value, sign, first - 1, last);
    if (before?.kind === 'word' && namesMonth(before) && value >= 1 && value <= 31) {
      return this.monthFirst(first - 1);
    }
    if (
      this.tokens[first - 1]?.text === '之' &&
      this.tokens[first - 2]?.text === '分' &&
      this.tokens[first - 3]?.text === '百'
    ) {
      return this.pushUnit(value, { cls: 'percent', factor: 1, name: '%' }, first - 3, last);
    }
    if (this.spokenClock(value, first, numberLast)) return;
    const next = this.tokens[last + 1];
    // "aged 65", "children aged 4 to 6 take": an age without its unit counts nothing after it.
    if (saysAge(this.tokens, first) && this.unitAt(last + 1) === undefined) return this.bare(value, first, numberLast);
    if (next === undefined) return this.bare(value, first, numberLast);
    if (next.kind === 'symbol' && next.text === '°') {
      const scale = this.tokens[last + 2];
      const unit = scale && adjacent(next, scale) ? LATIN_UNITS.get(`°${scale.lower}`) : undefined;
      if (unit) return this.pushUnit(value, unit, first, last + 2);
      return this.pushUnit(value, { cls: 'temperature:c', factor: 1, name: '°' }, first, last + 1);
    }
    // "0.20 € per minute", "7,99 €": the currency sign after the amount, as much of Europe writes it; not one that
    // opens the next amount ("Grade 1 £45").
    const signAfter =
      next.kind === 'symbol' && this.tokens[last + 2]?.kind !== 'number' ? CURRENCY_SIGNS.get(next.text) : undefined;
    if (signAfter) return this.pushUnit(value, signAfter, first, last + 1);
    if (next.kind === 'symbol' && next.text === '℃') {
      return this.pushUnit(value, { cls: 'temperature:c', factor: 1, name: '°C' }, first, last + 1);
    }
    if (next.kind === 'symbol' && next.text === '%') {
      return this.pushUnit(value, { cls: 'percent', factor: 1, name: '%' }, first, last + 1);
    }
    if (next.kind === 'word') {
      if (this.ratio(value, first, last)) return;
      if (AM_PM.has(next.lower)) return this.clockAt(value, 0, first, last + 1);
      // "12 noon", "12 midnight": the time the word names.
      const named = value === 12 ? NAMED_TIMES.get(next.lower) : undefined;
      if (named !== undefined) return this.namedTime(named, first, last + 1);
      if (namesMonth(next) && value >= 1 && value <= 31 && Number.isInteger(value)) {
        return this.dayFirst(value, first, last + 1);
      }
      if (next.lower === 'per' && this.tokens[last + 2]?.lower === 'cent') {
        return this.pushUnit(value, { cls: 'percent', factor: 1, name: '%' }, first, last + 2);
      }
      // "540 square metres", "2,000 sq ft": the square of a length.
      const side = SQUARE_WORDS.has(next.lower) ? this.unitAt(last + 2) : undefined;
      if (side?.cls === 'length') {
        return this.pushUnit(value, { cls: 'area', factor: side.factor ** 2, name: `${side.name}²` }, first, last + 2);
      }
      // "67 cubic metres": the cube of a length, in litres.
      const edge = next.lower === CUBIC_WORD ? this.unitAt(last + 2) : undefined;
      if (edge?.cls === 'length') {
        const volume = { cls: 'volume', factor: edge.factor ** 3 * 1000, name: `${edge.name}³` };
        return this.pushUnit(value, volume, first, last + 2);
      }
      const found = this.unitAt(last + 1);
      // "24.6p" and "53p" are pence; "1080p" and "720p" a screen's lines.
      if (found && !(found.name === 'p' && Number.isInteger(value) && value >= PENCE_BELOW))
        return this.pushUnit(value, found, first, last + 1);
      // "three more hours", "two extra days", "10 working days": the unit after the comparative or the kind of day is the
      // number's.
      const further = EXTRA_WORDS.has(next.lower) || DAY_KINDS.has(next.lower) ? this.unitAt(last + 2) : undefined;
      if (further === DAY && WORKING_DAYS.has(next.lower)) return this.pushUnit(value, WORKING_DAY, first, last + 2);
      if (further) return this.pushUnit(value, further, first, last + 2);
      // "LH 402 departs", "Eurostar 9014 leaves": the number goes with the name before it, not the word after.
      if (this.namedBefore(first) || VERSIONED.has(this.tokens[first - 1]?.lower ?? ''))
        return this.bare(value, first, numberLast);
      // "two checked bags", "ten unused leave days" count bags and days: the words between say which, and stay words
      // of the clause.
      const counted = PARTICIPLE.test(next.lower) ? this.countedAfter(last + 2) : undefined;
      if (counted !== undefined) return this.count(value, counted, first, numberLast);
      // "over 12 don't need …": a denied verb is no noun the number counts.
      if (!NOT_A_NOUN.has(next.lower) && !/\d/.test(next.lower) && !DENIED_VERB.test(next.lower))
        return this.count(value, next, first, last + 1);
    }
    if (next.kind === 'han') return this.hanUnit(value, first, numberLast);
    this.bare(value, first, numberLast);
  }

  /**
   * "four times as fast", "twice as long", "ten times the allowance": how many times one value is another, not a
   * value of either. It is compared only with another ratio, and works out a value from one (see worked-out.ts).
   */
  private ratio(value: number, first: number, last: number): boolean {
    let end = last;
    if (this.tokens[last + 1]?.lower === 'times') end++;
    else if (!MULTIPLYING.has(this.tokens[last]!.lower)) return false;
    const next = this.tokens[end + 1];
    if (
      next?.kind !== 'word' ||
      !(COMPARING.has(next.lower) || (COMPARATIVE.test(next.lower) && !NOT_A_NOUN.has(next.lower)))
    )
      return false;
    this.push({ cls: 'ratio', value, raw: value, unit: '×', ...this.span(first, end) }, first, end);
    return true;
  }

  /**
   * A name right before the number: an acronym (LH, CA), a word with a capital inside it (iPhone), or a capitalised
   * word that is not a common one.
   */
  private namedBefore(first: number): boolean {
    if (!writtenAsName(this.tokens[first]!.text)) return false;
    const name = this.tokens[first - 1];
    if (name?.kind !== 'word' || name.lower.length < 2) return false;
    if (MONTH_NAMES.has(name.lower) || WEEKDAYS.has(name.lower) || LATIN_UNITS.has(name.lower)) return false;
    if (/^\p{Lu}+$/u.test(name.text) || /\p{Ll}\p{Lu}/u.test(name.text)) return true;
    // A capitalised first word of the sentence is a name unless it is a common word ("Only 3 seats", "About 40").
    return (
      /^\p{Lu}/u.test(name.text) &&
      (first > 1 || !(NOT_A_NOUN.has(name.lower) || LOOSE_BEFORE.has(name.lower) || INSTRUCTION_VERBS.has(name.lower)))
    );
  }

  /** "CHF 244", "USD 30": a currency's code, in capitals, before the amount. */
  private currencyCode(token: Token | undefined): Unit | undefined {
    if (token?.kind !== 'word' || !/^\p{Lu}{3}$/u.test(token.text)) return undefined;
    const unit = LATIN_UNITS.get(token.lower);
    return unit?.cls.startsWith('money:') ? unit : undefined;
  }

  private unitAt(index: number): Unit | undefined {
    const token = this.tokens[index];
    // "5G", "4G": a network, not grams (g).
    if (token?.text === 'G') return undefined;
    // "256Mi", "2Gi": sizes as Kubernetes writes them; "5 mi" is miles.
    const binary = BINARY_SIZES[token?.text ?? ''];
    if (binary !== undefined) return { cls: 'size', factor: binary, name: token!.text };
    const molar = MOLAR[token?.text ?? ''];
    if (molar !== undefined) return { cls: 'concentration', factor: molar, name: token!.text };
    // "1 M EDTA", "2 M NaOH": molar, written apart from its number ("2M" is two million).
    if (token?.text === 'M' && !adjacent(this.tokens[index - 1], token)) {
      return { cls: 'concentration', factor: 1, name: 'M' };
    }
    if (token?.kind !== 'word' && token?.kind !== 'symbol') return undefined;
    return LATIN_UNITS.get(token.lower) ?? (token.lower.includes('/') ? perTimeUnit(token.lower) : undefined);
  }

  protected bare(value: number, first: number, last: number): void {
    const span = this.span(first, last);
    // A year is written without a separator: "1,800" is a count.
    if (Number.isInteger(value) && value >= 1800 && value <= 2100 && !/[.,]/.test(span.text)) {
      return this.pushDate({ year: value }, first, last);
    }
    // "AD 386": a year of the era, however early.
    if (Number.isInteger(value) && ERA.has(this.tokens[first - 1]?.text ?? '')) {
      return this.pushDate({ year: value }, first, last);
    }
    // "Python 3.9", "Bluetooth 5.3", "Node 16": the version of what the name names.
    const name = this.tokens[first - 1];
    if (
      name?.kind === 'word' &&
      writtenAsName(span.text) &&
      ((/^\p{Lu}/u.test(name.text) &&
        !NOT_A_NOUN.has(name.lower) &&
        !(first === 1 && INSTRUCTION_VERBS.has(name.lower))) ||
        VERSIONED.has(name.lower)) &&
      !MONTH_NAMES.has(name.lower) &&
      name.lower.length > 1
    ) {
      return this.push({ cls: versionOf(name.lower), value, raw: value, unit: '', ...span }, first, last);
    }
    const compared = this.comparedVersion(first, span.text);
    if (compared !== undefined) {
      return this.push({ cls: versionOf(compared), value, raw: value, unit: '', ...span }, first, last);
    }
    // "at 9", "until 10": a number after a word that places it in time may be a time of day; "eleven on
    // Thursdays", "16 times a day" are not.
    const word = this.tokens[first - 1]?.lower ?? '';
    const between = word === 'and' && this.tokens[first - 3]?.lower === 'between';
    const untimed = !CLOCK_WORDS.has(word) && !between;
    this.push({ cls: 'bare', value, raw: value, unit: '', ...(untimed ? { untimed } : {}), ...span }, first, last);
  }

  /**
   * "app versions older than 6.8", "firmware releases before 2.1.4": a dotted number set against versions is one,
   * as "version 6.8" is. The name is the word two or three tokens back.
   */
  private comparedVersion(first: number, text: string): string | undefined {
    if (!text.includes('.') || !VERSION_COMPARISONS.has(this.tokens[first - 1]?.lower ?? '')) return undefined;
    for (let back = 2; back <= 3; back++) {
      const word = this.tokens[first - back];
      if (word?.kind === 'word' && VERSION_NAMES.has(word.lower)) return word.lower;
    }
    return undefined;
  }

  protected pushUnit(value: number, unit: Unit, first: number, last: number): void {
    // "3 hours 40 minutes", "3 h 40 min", "4 h 51 min 12 s", "4小时18分钟": one duration.
    if (unit.cls === 'time') {
      let total = value * unit.factor;
      let end = last;
      let factor = unit.factor;
      for (;;) {
        // "two hours and forty minutes": an "and" may join the parts.
        const at = this.tokens[end + 1]?.lower === 'and' ? end + 2 : end + 1;
        const part = this.partNumber(at);
        if (part === undefined) break;
        const unitAt = part.last + 1;
        const latin = LATIN_UNITS.get(this.tokens[unitAt]?.lower ?? '');
        const han = latin === undefined ? this.hanUnitAt(unitAt) : undefined;
        // 2小时30分: after hours, 分 alone is minutes.
        const minutes = factor === HOUR_SECONDS && han === undefined && this.tokens[unitAt]?.text === '分';
        const smaller = minutes ? LATIN_UNITS.get('minute') : (latin ?? han?.unit);
        if (smaller?.cls !== 'time' || smaller.factor >= factor) break;
        total += part.value * smaller.factor;
        factor = smaller.factor;
        end = unitAt + (han?.length ?? 1) - 1;
      }
      if (end > last) {
        return this.push(
          { cls: 'time', value: total, raw: value, unit: unit.name, ...this.span(first, end) },
          first,
          end,
        );
      }
    }
    const measure = unit.cls.startsWith('money:') ? this.measurePriced(last) : undefined;
    if (measure) {
      const quantity = { cls: unit.cls, value: value * unit.factor, raw: value, unit: `${unit.name}/${measure.name}` };
      return this.push({ ...quantity, perMeasure: measure, ...this.span(first, last + 2) }, first, last + 2);
    }
    const rate = this.rateAfter(last) ?? this.elidedRate(unit, first, last);
    if (rate) {
      const cls = `${unit.cls}/time`;
      const quantity = {
        cls,
        value: (value * unit.factor) / rate.seconds,
        raw: value,
        unit: `${unit.name}/${rate.name}`,
      };
      return this.push({ ...quantity, ...this.span(first, rate.last) }, first, rate.last);
    }
    this.push(
      { cls: unit.cls, value: value * unit.factor, raw: value, unit: unit.name, ...this.span(first, last) },
      first,
      last,
    );
  }

  /**
   * The period a clause leaves unsaid, its value closing it, when the clause before gives the same unit as a rate:
   * "Adults need about 2.5 litres of water a day, children about 1.5 litres" gives the children 1.5 litres a day.
   */
  private elidedRate(
    unit: Unit,
    first: number,
    last: number,
  ): { seconds: number; name: string; last: number } | undefined {
    const before = this.found.at(-1);
    if (before === undefined || before.cls !== `${unit.cls}/time` || !before.unit.startsWith(`${unit.name}/`))
      return undefined;
    if (!this.closesClause(last)) return undefined;
    // A bound ("maximum €12") limits the rate rather than giving one of its own.
    const loose = this.looseWord(first, last);
    if (loose !== undefined && !APPROXIMATE.has(loose)) return undefined;
    // Back to the break that opens the clause: a few words name its thing, not a charge of another kind.
    let k = first - 1;
    let words = 0;
    for (; k >= 0 && this.tokens[k]!.kind !== 'break'; k--) {
      if (++words > ELIDED_WORDS || NOT_ELIDED.has(this.tokens[k]!.lower)) return undefined;
    }
    // The clause names its thing, before the value ("children €4") or after it ("€15 for students").
    if (words === 0 && this.tokens[last + 1]?.lower !== 'for') return undefined;
    const opening = this.tokens[k];
    if (opening === undefined || opening.start < before.end || !ELIDING_BREAKS.has(opening.text)) return undefined;
    if (before.value === 0) return undefined;
    return { seconds: (before.raw * unit.factor) / before.value, name: before.unit.slice(unit.name.length + 1), last };
  }

  /** Whether the value at `last` ends its clause, or only "for" and what it is for follow: "€15 for students". */
  private closesClause(last: number): boolean {
    let k = last + 1;
    if (this.tokens[k]?.lower === 'for') {
      for (k++; this.tokens[k]?.kind === 'word' && k <= last + 1 + FOR_WORDS; k++);
    }
    const after = this.tokens[k];
    return after === undefined || after.kind === 'break';
  }

  /**
   * A time of day said in words: "half past seven", "a quarter to nine", "six in the evening", "ten o'clock". Read as
   * a bare number, "half past seven" gave 7, and a correct "7:30" elsewhere looked changed.
   */
  private spokenClock(hour: number, first: number, last: number): boolean {
    if (!Number.isInteger(hour) || hour < 1 || hour > 12) return false;
    const word = (at: number) => this.tokens[at]?.lower ?? '';
    let from = first;
    let minute = 0;
    const share = SPOKEN_SHARES.get(word(first - 2));
    const to = word(first - 1) === 'to' && share !== undefined;
    if (share !== undefined && (word(first - 1) === 'past' || to)) {
      minute = word(first - 1) === 'past' ? share : 60 - share;
      from = word(first - 3) === 'a' ? first - 3 : first - 2;
    }
    const hourOf = to ? (hour === 1 ? 12 : hour - 1) : hour;
    const part = this.dayPartAfter(last);
    // "take 2 in the morning" may count tablets: an hour alone is a time after a word that places it in time.
    const placed = from !== first || CLOCK_WORDS.has(word(first - 1)) || RANGE_WORDS.has(word(first - 1));
    if (part !== undefined && placed) {
      const h =
        DAY_PART_AFTERNOON.has(part.at(-1)!) && hourOf < 12
          ? hourOf + 12
          : hourOf === 12 && part.at(-1) === 'morning'
            ? 0
            : hourOf;
      const end = last + part.length;
      this.push({ cls: 'clock', value: h * 60 + minute, raw: hour, unit: '', ...this.span(from, end) }, from, end);
      return true;
    }
    if (AM_PM.has(word(last + 1))) {
      if (from === first) return false;
      this.clockAt(hourOf, minute, from, last + 1);
      return true;
    }
    const oclock = O_CLOCK.has(word(last + 1));
    if (from === first && !oclock) return false;
    this.clockAt(hourOf, minute, from, oclock ? last + 1 : last);
    return true;
  }

  /** A time of day said by name ("noon", "12 midnight", "12:00 noon"), in minutes after midnight. */
  protected namedTime(minutes: number, first: number, last: number): void {
    this.push({ cls: 'clock', value: minutes, raw: 12, unit: '', ...this.span(first, last) }, first, last);
  }

  /** The number of a duration's next part at `at` (digits, a number word or Chinese numerals) and its last token. */
  private partNumber(at: number): { value: number; last: number } | undefined {
    const token = this.tokens[at];
    if (token?.kind === 'number') return { value: Number(token.text), last: at };
    if (token?.kind === 'word') {
      const value = numberInWords(token.lower);
      return value === undefined ? undefined : { value, last: at };
    }
    return this.hanNumeralAt(at);
  }

  /** The noun a few words from `at` name: the first plural one, else the first. */
  private countedAfter(at: number): Token | undefined {
    let first: Token | undefined;
    for (let k = at; k < at + COUNTED_WORDS; k++) {
      const token = this.tokens[k];
      if (token?.kind !== 'word' || NOT_A_NOUN.has(token.lower)) break;
      first ??= token;
      if (token.lower.endsWith('s')) return token;
    }
    return first;
  }

  private count(value: number, noun: Token, first: number, last: number): void {
    // "ten unused leave days" is a length of time, as "ten days" is.
    const unit = LATIN_UNITS.get(noun.lower);
    if (unit?.cls === 'time' && noun.lower.length > 3) return this.pushUnit(value, unit, first, last);
    const name = this.stem(noun.lower);
    this.pushUnit(value, { cls: `count:${name}`, factor: 1, name }, first, last);
  }

  /** The weight or volume a price is per: "$24 per kg", "€2.10 per litre", "$29 per pound". */
  private measurePriced(last: number): Unit | undefined {
    if (!PER_WORDS.has(this.tokens[last + 1]?.lower ?? '')) return undefined;
    const word = this.tokens[last + 2]?.lower ?? '';
    const measure = PRICED_MEASURES.get(word) ?? LATIN_UNITS.get(word);
    return measure !== undefined && PRICED_BY.has(measure.cls) ? measure : undefined;
  }

  /** "per minute", "a day", "/s" after a quantity: it is a rate. */
  private rateAfter(last: number): { seconds: number; name: string; last: number } | undefined {
    const next = this.tokens[last + 1];
    if (next === undefined) return undefined;
    if (next.kind === 'word' && PER_WORDS.has(next.lower)) {
      const per = LATIN_UNITS.get(this.tokens[last + 2]?.lower ?? '');
      if (per?.cls === 'time') return { seconds: per.factor, name: per.name, last: last + 2 };
      // "€14 per person per day": the rate is per day, whoever it is counted for.
      const then = this.tokens[last + 3];
      const perTime = LATIN_UNITS.get(this.tokens[last + 4]?.lower ?? '');
      if (per === undefined && then?.kind === 'word' && PER_WORDS.has(then.lower) && perTime?.cls === 'time')
        return { seconds: perTime.factor, name: perTime.name, last: last + 4 };
    }
    // "$4.99/month", "€12/day": the slash between them is no token.
    const per = next.slashed && next.start === this.tokens[last]!.end + 1 ? LATIN_UNITS.get(next.lower) : undefined;
    if (per?.cls === 'time') return { seconds: per.factor, name: per.name, last: last + 1 };
    return undefined;
  }

  protected clockAt(hour: number, minute: number, first: number, clockLast: number): void {
    const suffix = this.tokens[clockLast]!.lower;
    let h = hour;
    // "10:30 at night", "6:45 in the evening": the part of the day said after the time is the time's. "In the
    // morning" changes no time written with its minutes, and is left to the words. The night runs past midnight:
    // "1:15 at night" is 01:15, "12:30 at night" 00:30.
    const said = suffix.includes(':') ? this.dayPartAfter(clockLast) : undefined;
    const after = said !== undefined && DAY_PART_AFTERNOON.has(said.at(-1)!) ? said : undefined;
    const last = after === undefined ? clockLast : clockLast + after.length;
    if (after?.at(-1) === 'night') h = h === 12 ? 0 : h < NIGHT_AFTER_MIDNIGHT ? h : h + 12;
    else if (after !== undefined && h < 12) h += 12;
    if ((suffix === 'pm' || suffix === 'p.m') && h < 12) h += 12;
    if ((suffix === 'am' || suffix === 'a.m') && h === 12) h = 0;
    const previous = (this.tokens[first - 2]?.text ?? '') + (this.tokens[first - 1]?.text ?? '');
    if (AFTERNOON.test(previous) && h < 12) h += 12;
    // 晚上12点 is midnight: read as 24:00 here, so that the afternoon reading below does not take it for a morning hour,
    // and as 00:00 with 24:00 itself at the end.
    if (AFTERNOON.test(previous) && h === 12 && minute === 0) h = 24;
    // The part of the day is the time's own (下午2点 is 14:00), not a word the clause says: 上午 and 下午 set side by
    // side are two times, not a statement and its opposite.
    const part = DAY_PART.exec(previous);
    if (!part && !/^(?:a|p)\.?m$/.test(suffix) && h < 12) h = this.afternoonRangeEnd(h, minute, first);
    const from = part && this.tokens[first - 1]?.kind === 'han' ? first - part[0].length : first;
    // 24:00 is midnight, the time 00:00 and "12 a.m." say.
    if (h === 24 && minute === 0) h = 0;
    this.push({ cls: 'clock', value: h * 60 + minute, raw: hour, unit: '', ...this.span(from, last) }, from, last);
  }

  private dayPartAfter(last: number): readonly string[] | undefined {
    return DAY_PARTS.find((words) => words.every((w, k) => this.tokens[last + 1 + k]?.lower === w));
  }

  /**
   * The end of a range that starts in the afternoon is in the afternoon too, when that puts it after the start:
   * "下午3:15至6:00" ends at 18:00; "晚上10点至2点" ends at night. Only a start said to be in the afternoon ("下午",
   * "pm") carries it over: "14:00 to 06:00" writes the 24-hour clock, and so does an end written "06:00".
   */
  private afternoonRangeEnd(hour: number, minute: number, first: number): number {
    const start = this.found.at(-1);
    const between = this.tokens[first - 1];
    if (start?.cls !== 'clock' || between === undefined || !RANGE_WORDS.has(between.lower)) return hour;
    if (between.start - start.end > 1 || start.value < NOON || !SAID_AFTERNOON.test(start.text)) return hour;
    if (this.tokens[first]!.text.startsWith('0')) return hour;
    return (hour + 12) * 60 + minute > start.value ? hour + 12 : hour;
  }

  protected pushDate(date: NonNullable<Quantity['date']>, first: number, last: number): void {
    const full = this.withYearBefore(date, first);
    this.push(
      { cls: 'date', value: 0, raw: full.year ?? full.day ?? 0, date: full, unit: '', ...this.span(first, last) },
      first,
      last,
    );
  }

  /**
   * "2008年北京奥运会于8月8日开幕": a year said earlier in the clause is the year of a month and day said without
   * one; both are then read as the whole date, so that 2008年8月18日 disagrees with them.
   */
  private withYearBefore(date: NonNullable<Quantity['date']>, first: number): NonNullable<Quantity['date']> {
    if (date.year !== undefined || date.month === undefined) return date;
    const at = this.found.length - 1;
    const year = this.found[at];
    if (year?.date?.year === undefined || year.date.month !== undefined || year.date.day !== undefined) return date;
    for (let k = first - 1; k >= 0 && this.tokens[k]!.start >= year.end; k--) {
      if (this.tokens[k]!.kind === 'break') return date;
    }
    const whole = { ...date, year: year.date.year };
    this.found[at] = { ...year, date: whole };
    return whole;
  }

  /** "March 14, 2019", "March 2019", "March 14". */
  private monthFirst(monthIndex: number): void {
    const month = MONTH_NAMES.get(this.tokens[monthIndex]!.lower)!;
    let last = monthIndex;
    const date: NonNullable<Quantity['date']> = { month };
    const day = this.tokens[last + 1];
    if (day?.kind === 'number' && /^\d{1,2}$/.test(day.text) && Number(day.text) <= 31) {
      date.day = Number(day.text);
      last++;
      if (adjacent(day, this.tokens[last + 1]) && ORDINAL_SUFFIX.has(this.tokens[last + 1]!.lower)) last++;
    }
    if (this.tokens[last + 1]?.text === ',') last++;
    const year = this.tokens[last + 1];
    if (year?.kind === 'number' && /^\d{4}$/.test(year.text)) {
      date.year = Number(year.text);
      last++;
    } else if (this.tokens[last]?.text === ',') last--;
    this.pushDate(date, monthIndex, last);
  }

  /** "14 March 2019", "14th of March". */
  private dayFirst(day: number, first: number, monthIndex: number): void {
    const month = MONTH_NAMES.get(this.tokens[monthIndex]!.lower)!;
    let last = monthIndex;
    const date: NonNullable<Quantity['date']> = { day, month };
    const year = this.tokens[last + 1];
    if (year?.kind === 'number' && /^\d{4}$/.test(year.text)) {
      date.year = Number(year.text);
      last++;
    }
    this.pushDate(date, first, last);
  }

  private word(token: Token): void {
    // "V2.3.5", "v1.28.0": a version written with its letter is the dotted number it holds, as "2.3.5" is.
    const version = VERSION_WORD.exec(token.text);
    if (version) {
      const span = this.span(this.i, this.i);
      return this.push({ cls: 'dotted', value: 0, raw: 0, key: version[1], unit: '', ...span }, this.i, this.i);
    }
    if (!startsQuantity(token.lower)) return;
    const first = this.i;
    if (namesMonth(token)) {
      const next = this.at(1);
      if (next?.kind === 'number' || (token.text[0] !== token.lower[0] && token.lower.length > 3)) {
        return this.monthFirst(first);
      }
      // "from May to October", "until May": the month, not the verb, where a word of time stands before it.
      if (token.text === 'May' && MONTH_BEFORE.has(this.tokens[first - 1]?.lower ?? '')) return this.monthFirst(first);
    }
    // "double its request", "triple the price": how many times, as "twice" says; "a double room" is a kind of room.
    const times = MULTIPLES.get(token.lower);
    if (times !== undefined && ['its', 'the', 'their', 'that', 'this'].includes(this.at(1)?.lower ?? '')) {
      return this.push({ cls: 'ratio', value: times, raw: times, unit: '×', ...this.span(first, first) }, first, first);
    }
    const named = NAMED_TIMES.get(token.lower);
    if (named !== undefined) {
      // "at noon", "until midnight": a time of day; "the midday meal" names a meal.
      const before = this.tokens[first - 1];
      if (token.text !== token.lower || !CLOCK_BEFORE.has(before?.lower ?? '')) return;
      // "due to midday heat", "owing to": a cause, not a time.
      if (before?.lower === 'to' && CAUSE_BEFORE_TO.has(this.tokens[first - 2]?.lower ?? '')) return;
      return this.namedTime(named, first, first);
    }
    const weekday = WEEKDAYS.get(token.lower);
    if (weekday !== undefined && /^\p{Lu}/u.test(token.text)) {
      return this.push(
        { cls: 'weekday', value: weekday, raw: weekday, unit: '', ...this.span(first, first) },
        first,
        first,
      );
    }
    const period = LATIN_PERIODS.get(token.lower);
    // "The Daily Ledger", "Weekly Digest": a word of a name, capitalised with the word after it.
    const inName = token.text !== token.lower && /^\p{Lu}/u.test(this.tokens[first + 1]?.text ?? '');
    if (period !== undefined && !inName) {
      return this.push(
        { cls: 'period', value: period, raw: 1, unit: token.lower, ...this.span(first, first) },
        first,
        first,
      );
    }
    if ((token.lower === 'every' || token.lower === 'each') && WEEKDAYS.has(this.tokens[first + 1]?.lower ?? '')) {
      // "every Sunday": weekly, as 每周日 is, and the day, as "on Sundays" gives it.
      const last = first + 1;
      const day = WEEKDAYS.get(this.tokens[last]!.lower)!;
      this.push({ cls: 'weekday', value: day, raw: day, unit: '', ...this.span(first, last) }, first, last);
      return this.weeklyOnDay(first);
    }
    if (token.lower === 'every' || token.lower === 'each') return this.every(first);
    if (this.fraction(first)) return;
    // "20 GB of data per month", "1.8% interest per year": the amount before what it measures is a rate.
    if (token.lower === 'per' && this.unitAt(first + 1)?.cls === 'time' && this.perAfterAmount(first)) return;
    // "a week", "an hour": one of a unit, when the unit measures something.
    if ((token.lower === 'a' || token.lower === 'an') && this.unitAt(first + 1)?.cls === 'time') {
      const before = this.tokens[first - 1]?.lower;
      // "once a day", "three times a week": how often, not how long.
      if (before !== undefined && (NUMBER_WORDS.has(before) || /\d/.test(before) || HOW_OFTEN.has(before))) return;
      if (this.perAfterAmount(first)) return;
      // "150 GB in a month": the amount's period, as "per month" says.
      if (before === 'in' && this.found.at(-1)?.end === this.tokens[first - 2]?.end) return;
      // "a day ticket", "a year pass": the unit names a kind of thing, not a length of time.
      const after = this.tokens[first + 2];
      if (after?.kind === 'word' && /^[a-z]/i.test(after.text) && !UNIT_FOLLOWERS.has(after.lower)) return;
      // "an hour and a half", "an hour and a quarter".
      const fraction = this.andAFractionAfter(first + 1);
      const last = fraction === undefined ? first + 1 : first + 4;
      return this.pushUnit(1 + (fraction ?? 0), this.unitAt(first + 1)!, first, last);
    }
    const value = this.numberWords(first);
    if (value === undefined) return;
    let last = value.last;
    if (this.tokens[last + 1]?.lower === 'of') last++;
    this.measured(value.value, first, last);
  }

  /**
   * "400 mg of ferrous sulfate a day", "3 cups of coffee a day": "a day" after what an amount measures makes the
   * amount a rate, as "400 mg a day" does, not a length of time of its own.
   */
  private perAfterAmount(first: number): boolean {
    const amount = this.found.at(-1);
    const unit = this.unitAt(first + 1)!;
    if (amount === undefined || amount.date || amount.cls.includes('/') || !RATED.test(amount.cls)) return false;
    let k = first - 1;
    for (let words = 0; k >= 0 && this.tokens[k]!.start >= amount.end; k--, words++) {
      const token = this.tokens[k]!;
      if (token.kind !== 'word' || (NOT_A_NOUN.has(token.lower) && token.lower !== 'of') || words >= NOUN_WORDS)
        return false;
    }
    if (k === first - 1 || this.tokens[k]?.end !== amount.end) return false;
    // The amount keeps its own span: the words between say what the claim is about.
    const rate = {
      ...amount,
      cls: `${amount.cls}/time`,
      value: amount.value / unit.factor,
      unit: `${amount.unit}/${unit.name}`,
    };
    this.found[this.found.length - 1] = rate;
    this.i = first + 2;
    return true;
  }

  /**
   * "half an hour", "a quarter of an hour", "three quarters of a mile", "three-quarters of an hour", "half a kilo": a
   * share of one unit.
   */
  private fraction(first: number): boolean {
    let index = first;
    let count = 1;
    const lead = this.tokens[index]!.lower;
    if (lead === 'a' || lead === 'an') index++;
    else if (NUMBER_WORDS.has(lead) && lead !== 'half') {
      count = NUMBER_WORDS.get(lead)!;
      index++;
    }
    const share = FRACTIONS.get(this.tokens[index]?.lower ?? '') ?? hyphenedFraction(this.tokens[index]?.lower ?? '');
    if (share === undefined) return false;
    index++;
    if (this.tokens[index]?.lower === 'of') index++;
    if (['a', 'an', 'the'].includes(this.tokens[index]?.lower ?? '')) index++;
    const unit = this.unitAt(index);
    if (unit === undefined || index === first + 1) return false;
    this.pushUnit(count * share, unit, first, index);
    return true;
  }

  /** "two", "twenty-five", "three hundred", "a pair", "a dozen". */
  private numberWords(first: number): { value: number; last: number } | undefined {
    let index = first;
    let token = this.tokens[index]!;
    // Most words are not numbers: tell at once, without splitting them.
    const dash = token.lower.indexOf('-');
    const head = dash < 0 ? token.lower : token.lower.slice(0, dash);
    if (!NUMBER_WORDS.has(head) && head !== 'a' && head !== 'an') return undefined;
    if (
      (token.lower === 'a' || token.lower === 'an') &&
      ['pair', 'dozen', 'couple', 'half'].includes(this.tokens[index + 1]?.lower ?? '')
    ) {
      index++;
      token = this.tokens[index]!;
    }
    // "pair", "dozen", "couple", "half" count only after "a": alone they are other words ("pair with").
    if (index === first && ['pair', 'dozen', 'couple', 'half'].includes(token.lower)) return undefined;
    let value = numberInWords(token.lower);
    if (value === undefined) return undefined;
    const scale = this.tokens[index + 1];
    if (scale?.kind === 'word' && MULTIPLIERS.has(scale.lower) && scale.lower.length > 2) {
      value *= MULTIPLIERS.get(scale.lower)!;
      index++;
    }
    // "twelve and a half".
    const fraction = this.andAFractionAfter(index);
    if (fraction !== undefined) {
      value += fraction;
      index += 3;
    }
    // "one" alone is too often a pronoun ("the one that", "one of them") to be a claim's number; "one and a half" is
    // a number.
    const alone = value === 1;
    if (
      token.lower === 'one' &&
      alone &&
      !this.unitAt(index + 1) &&
      (this.tokens[index + 1] || this.determined(first))
    ) {
      return undefined;
    }
    return { value, last: index };
  }

  /** "a small one", "the other one": a determiner a word or two before "one" makes it a pronoun, even last. */
  private determined(first: number): boolean {
    for (let k = first - 1; k >= first - 2 && this.tokens[k]?.kind === 'word'; k--) {
      if (DETERMINERS.has(this.tokens[k]!.lower)) return true;
    }
    return false;
  }

  /** "every day", "every two weeks", "each month". */
  private every(first: number): void {
    let index = first + 1;
    let count = 1;
    // "every single year" is every year.
    if (this.tokens[index]?.lower === 'single') index++;
    // "every second Tuesday", "every other week": every two of them, not every second of time.
    if (ALTERNATE.has(this.tokens[index]?.lower ?? '')) {
      const next = this.tokens[index + 1];
      const weekday = next !== undefined && WEEKDAYS.has(next.lower);
      const unit = weekday ? undefined : this.unitAt(index + 1);
      if (!weekday && unit?.cls !== 'time') return;
      // The day itself is read after: "every second Tuesday" is fortnightly, and on Tuesdays.
      const last = weekday ? index : index + 1;
      const { factor, name } = weekday ? WEEK : unit!;
      return this.push(
        { cls: 'period', value: 2 * factor, raw: 2, unit: name, ...this.span(first, last) },
        first,
        last,
      );
    }
    const number = this.tokens[index];
    if (number?.kind === 'number') {
      count = Number(number.text);
      index++;
    } else if (number && NUMBER_WORDS.has(number.lower)) {
      count = NUMBER_WORDS.get(number.lower)!;
      index++;
    }
    const unit = this.unitAt(index);
    if (unit?.cls !== 'time') return;
    // "every hour and a half".
    const fraction = this.andAFractionAfter(index);
    if (fraction !== undefined) {
      count += fraction;
      index += 3;
    }
    this.push(
      { cls: 'period', value: count * unit.factor, raw: count, unit: unit.name, ...this.span(first, index) },
      first,
      index,
    );
  }
}

function joinTokens(text: string, token: Token, index: number, tokens: readonly Token[]): string {
  if (index === 0) return token.text;
  return text + (adjacent(tokens[index - 1], token) ? '' : token.slashed ? '/' : ' ') + token.text;
}

/** The hours "at night" that come after midnight: "1:15 at night" is 01:15, "10:30 at night" 22:30. */
const NIGHT_AFTER_MIDNIGHT = 5;
/** How many digits a phone number has, at least and at most. */
const PHONE_DIGITS = [7, 15] as const;
/** A phone number's group after its first. */
const PHONE_GROUP = /^\d{2,4}$/;
/** A day, a month and a year joined by hyphens: 15-03-2024. */
const DATE_SHAPED = /^\d{1,2}-\d{1,2}-\d{4}$/;

/** Verbs that set a limit on the value after "to". */
const LIMITED: ReadonlySet<string> = new Set(['limited', 'restricted']);

/** What a price is per, besides a time: a weight or a volume. */
const PRICED_BY: ReadonlySet<string> = new Set(['mass', 'volume']);
/** After "per", a pound weighs: "$29 per pound" is no price in sterling. */
const PRICED_MEASURES: ReadonlyMap<string, Unit> = new Map([['pound', LATIN_UNITS.get('lb')!]]);

/** Comparatives that, before "than", bound a value from below ("more than", "later than"). */
const GREATER: ReadonlySet<string> = new Set([...UPPER_AMOUNTS, ...LATER_MOMENTS]);

/** Words after "every" that skip one each time: "every second week", "every other Tuesday". */
const ALTERNATE: ReadonlySet<string> = new Set(['second', 'other', 'alternate']);

/**
 * A unit over a time written as one word, "GB/month", "USD/year": read as "GB per month" is. Units of that shape the
 * table names itself ("km/h") are its own.
 */
function perTimeUnit(word: string): Unit | undefined {
  const slash = word.lastIndexOf('/');
  const unit = LATIN_UNITS.get(word.slice(0, slash));
  const per = LATIN_UNITS.get(word.slice(slash + 1));
  if (unit === undefined || per?.cls !== 'time' || unit.cls === 'time' || unit.cls.includes('/')) return undefined;
  return { cls: `${unit.cls}/time`, factor: unit.factor / per.factor, name: `${unit.name}/${per.name}` };
}
