import { HAN_MULTIPLIERS, HAN_UNITS, LATIN_PERIODS, MONTH_NAMES, NUMBER_WORDS, WEEKDAYS } from './quantity-units.js';

/**
 * The words and characters the quantity scanner (quantities.ts) reads numbers by: Chinese numerals, ranges, bounds,
 * shares, comparisons and the words that do not say what a number measures.
 */

export const CN_DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const CN_TENS: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };
/** The characters of Chinese numerals, one token each. */
const CN_NUMERAL_CHARS: ReadonlySet<string> = new Set('零〇一二两三四五六七八九十百千万亿');
export function isCnNumeral(text: string): boolean {
  return CN_NUMERAL_CHARS.has(text);
}

/** 三十五 → 35, 两千 → 2000, 一万二千 → 12000; undefined when the characters are not a numeral. */
export function chineseNumeral(text: string): number | undefined {
  let total = 0;
  let section = 0;
  let digit: number | undefined;
  for (const char of text) {
    if (char in CN_DIGITS) digit = (digit ?? 0) * 10 + CN_DIGITS[char]!;
    else if (char in CN_TENS) {
      section += (digit ?? 1) * CN_TENS[char]!;
      digit = undefined;
    } else if (HAN_MULTIPLIERS.has(char)) {
      total += (section + (digit ?? 0) || 1) * HAN_MULTIPLIERS.get(char)!;
      section = 0;
      digit = undefined;
    } else return undefined;
  }
  return total + section + (digit ?? 0) * abbreviatedPlace(text);
}

/**
 * The place a last digit stands for when speech drops its place word: 一千五 is 1,500, 三百二 is 320, 两万三 is
 * 23,000, one place below the word before it. 一千零五 says its 零 and is 1,005; 二十五 is 25 either way.
 */
function abbreviatedPlace(text: string): number {
  const chars = [...text];
  const last = chars[chars.length - 1]!;
  const before = chars[chars.length - 2];
  if (chars.length < 3 || !(last in CN_DIGITS) || before === undefined) return 1;
  const place = CN_TENS[before] ?? HAN_MULTIPLIERS.get(before);
  return place === undefined ? 1 : place / 10;
}

/** The Chinese units by their first character, longest first: a unit is looked for after every number. */
export const HAN_UNITS_BY_FIRST = byFirstCharacter(HAN_UNITS);

function byFirstCharacter<T>(
  entries: readonly (readonly [string, T])[],
): ReadonlyMap<string, readonly (readonly [string, T])[]> {
  const byFirst = new Map<string, (readonly [string, T])[]>();
  for (const entry of entries) {
    const first = entry[0][0]!;
    byFirst.set(first, [...(byFirst.get(first) ?? []), entry]);
  }
  return byFirst;
}

export const AM_PM = new Set(['am', 'a.m', 'pm', 'p.m']);
/** Words between the two ends of a range. */
export const RANGE_WORDS: ReadonlySet<string> = new Set(['至', '到', '~', '-', '–', '—', 'to']);
/** Amounts that can be given as a range of bounds: not times of day, dates, versions or ranks. */
export const RANGED =
  /^(?:time|length|mass|volume|money|percent|energy|power|area|temperature|count:|length\/time|volume\/time)/u;
/** Characters before N号 that make it a day of the month: time words and particles. */
export const DAY_CONTEXT: ReadonlySet<string> = new Set('月周今明昨本下上前后至到每从自于在的是为和与及或'.split(''));
/**
 * Comparatives that make the number after them a difference when 比 comes before them in the clause: 比西区多34万人,
 * 比硬座多花127元, 比一年期高出0.5个百分点.
 */
export const COMPARATIVES: ReadonlySet<string> = new Set('多少高低贵宜长短大小重轻快慢早晚远近'.split(''));
/** Before a comparative, a verb's first character: 增长, 延长, 降低 say a change, not "more than". */
export const CHANGE_VERBS: ReadonlySet<string> = new Set('增延提降减缩加升拉放扩变'.split(''));
/** Words before a number that make it a total: 两个区一共新建了6所学校. */
export const TOTALS: ReadonlySet<string> = new Set(['一共', '总共', '共计', '合计', '总计', '加起来']);
/** Bounds that may stand a few characters before their number (最多可以借15本). */
export const HAN_BOUNDS: ReadonlySet<string> = new Set([
  '最多',
  '至多',
  '最高',
  '最低',
  '最长',
  '最短',
  '最少',
  '至少',
  '超过',
  '不到',
  '多达',
  '高达',
  '长达',
]);
export const ORDINAL_SUFFIX = new Set(['st', 'nd', 'rd', 'th', 's']);
export const AFTERNOON = /(?:下午|晚上|傍晚|晚)$/u;
/** The parts of the day a Chinese clock time may open with: 上午8点, 下午2点. */
export const DAY_PART = /(?:上午|下午|早上|晚上|傍晚|凌晨|中午)$/u;
export const PER_WORDS = new Set(['per', 'a', 'an', 'each', 'every']);
/**
 * Words that may follow "a day", "an hour" when it is a length or a rate ("a day for parking", "an hour later", "a
 * week or two"); another word after it makes it part of a name ("a day ticket").
 */
export const UNIT_FOLLOWERS = new Set(
  (
    'for of in on at to and or but with without later ago earlier before after from until till per each every the a an ' +
    'is are was were be if when while then so as than by long old more less max maximum minimum apart away off ' +
    'afterwards beforehand ahead behind only just'
  ).split(' '),
);
/** Words that, before "May", make it the month. */
export const MONTH_BEFORE = new Set([
  'from',
  'in',
  'until',
  'till',
  'since',
  'to',
  'by',
  'before',
  'after',
  'early',
  'late',
  'mid',
  'through',
  'between',
  'of',
  'during',
  'and',
  'or',
  'each',
  'every',
  'last',
  'next',
  'this',
]);
/** Words before "a day", "a week" that make it how often something happens. */
export const HOW_OFTEN = new Set(['once', 'twice', 'thrice', 'times']);
export const FRACTIONS: ReadonlyMap<string, number> = new Map([
  ['half', 1 / 2],
  ['quarter', 1 / 4],
  ['quarters', 1 / 4],
  ['third', 1 / 3],
  ['thirds', 1 / 3],
]);
/** Amounts that a rate can give: not times of day, dates, versions or ranks. */
export const RATED = /^(?:time|length|mass|volume|money|energy|percent|size|count:)/u;
/** The most words naming what an amount measures ("of ferrous sulfate"). */
export const NOUN_WORDS = 4;
/** Number words that say how many times, like "N times". */
export const MULTIPLYING = new Set(['twice', 'thrice']);
/** Kubernetes' binary sizes, valued as "MiB" is (quantity-units.ts): a reader writes 512Mi as 512 MB. */
export const BINARY_SIZES: Readonly<Record<string, number>> = { Ki: 1e3, Mi: 1e6, Gi: 1e9, Ti: 1e12 };
/** Concentrations as a laboratory writes them, told by their case from millimetres: "150 mM NaCl", "50 µM". */
export const MOLAR: Readonly<Record<string, number>> = { mM: 1e-3, µM: 1e-6, μM: 1e-6, uM: 1e-6, nM: 1e-9 };
/** The words that make an area of the length unit after them: "540 square metres", "2,000 sq ft". */
export const SQUARE_WORDS: ReadonlySet<string> = new Set(['square', 'sq']);
/** The word that makes a volume of the length unit after it: "67 cubic metres". */
export const CUBIC_WORD = 'cubic';
/** Words before a bare number that place it in time: "at 9", "from 9 to 5", "until 10". */
export const CLOCK_WORDS = new Set([
  'at',
  'by',
  'until',
  'till',
  'from',
  'to',
  'before',
  'after',
  'around',
  'past',
  'between',
]);
/** Words that say how many times before what they multiply: "double its request", "triple the price". */
export const MULTIPLES: ReadonlyMap<string, number> = new Map([
  ['double', 2],
  ['triple', 3],
  ['quadruple', 4],
]);
/** Shares said in words beyond the fractions and multiples above: "twice", "一半", "半价", "双倍". */
const OTHER_SHARES: ReadonlyMap<string, number> = new Map([
  ['twice', 2],
  ['一半', 1 / 2],
  ['半价', 1 / 2],
  ['减半', 1 / 2],
  ['双倍', 2],
]);

/** The share a word names ("half", "a third", "double", "twice"), if it names one. */
export function shareNamed(word: string): number | undefined {
  return FRACTIONS.get(word) ?? MULTIPLES.get(word) ?? OTHER_SHARES.get(word) ?? hyphenedFraction(word);
}

/** A fraction written as one word: "one-third", "two-thirds", "three-quarters". */
export function hyphenedFraction(word: string): number | undefined {
  const dash = word.indexOf('-');
  if (dash < 0) return undefined;
  const count = NUMBER_WORDS.get(word.slice(0, dash));
  const fraction = FRACTIONS.get(word.slice(dash + 1));
  return count === undefined || fraction === undefined ? undefined : count * fraction;
}

/**
 * The words that bound a value, by the side they put it on, shared by the reading of a denied bound ("no more than 5",
 * claim-profile.ts) and the reading of a bound's side (bound-conflict.ts): comparisons of amounts and of moments, said
 * with "than", and the words that bound the value right after them without it.
 */
export const UPPER_AMOUNTS: readonly string[] = [
  'more',
  'longer',
  'higher',
  'greater',
  'heavier',
  'older',
  'taller',
  'larger',
  'bigger',
  'wider',
];
export const LOWER_AMOUNTS: readonly string[] = [
  'less',
  'fewer',
  'shorter',
  'lower',
  'younger',
  'smaller',
  'lighter',
  'narrower',
];
export const LATER_MOMENTS: readonly string[] = ['later'];
export const EARLIER_MOMENTS: readonly string[] = ['earlier', 'sooner'];
export const UPPER_WITHOUT_THAN: readonly string[] = ['over', 'above', 'beyond', 'exceed', 'exceeding'];
/** Verbs that, with "out at", give the most there is of the value after them: "tops out at five seats". */
export const TOPS_OUT: readonly string[] = ['tops', 'top', 'maxes', 'max'];
export const LOWER_WITHOUT_THAN: readonly string[] = ['under', 'below'];
/** The words a denial may stand before a bound's word by: "must not be | heavier than", "do not take | more". */
export const BOUND_VERB_WORDS = 2;

/** Words after "N times" that compare two values with it ("as fast", "the allowance", "faster"). */
export const COMPARING = new Set(['as', 'more', 'less', 'fewer', 'the', 'that', 'this', 'than', 'its', 'their']);
export const COMPARATIVE = /^\p{L}{2,}er$/u;
/** Words after a number that, with "than", make it a difference: "£3 more than", "2 fewer than". */
export const DIFFERENCE_WORDS = new Set(['more', 'less', 'fewer']);
/** A verb before a number that makes it what one choice spares against another. */
export const SAVING = /^sav(?:e|es|ing)$/u;
/** Words that make a following "one" stand for a noun: "a small one", "the other one", "this one". */
export const DETERMINERS = new Set(['a', 'an', 'the', 'this', 'that', 'each', 'every', 'any', 'another', 'which']);
/** Words between a number and its unit that make it an amount added: "three more hours", "two extra days". */
export const EXTRA_WORDS = new Set(['more', 'extra', 'additional', 'fewer', 'less']);
/** Words after a number that place one value from another: "30 metres above", "38 seconds behind". */
export const BEYOND = new Set(['above', 'below', 'ahead', 'behind']);
/** Verbs of change before a number: how far a value moved ("rose 5%", "climbs 1,830 metres"), not where to. */
export const CHANGING =
  /^(?:add(?:s|ed|ing)?|ris(?:e|es|en|ing)|rose|fall(?:s|en|ing)?|fell|climb(?:s|ed|ing)?|drop(?:s|ped|ping)?|gr(?:ow|ows|ew|own|owing)|(?:in|de)creas(?:e|es|ed|ing)|gain(?:s|ed|ing)?|los(?:e|es|ing)|lost|cut(?:s|ting)?|reduc(?:e|es|ed|ing))$/u;
/** How many words may stand between the verb and its number: "saves you about 20", "saves between one and two". */
export const SAVING_REACH = 4;
/**
 * The words a Latin quantity can start with: each reading of `word` below begins with one of them (a month, a
 * weekday, a period, "every", a number word, a fraction, a multiple, "a", "per"), or with a number word before a hyphen
 * ("twenty-five"). Most words are none, and are passed over with one look-up.
 */
const QUANTITY_WORDS: ReadonlySet<string> = new Set([
  ...MONTH_NAMES.keys(),
  ...WEEKDAYS.keys(),
  ...LATIN_PERIODS.keys(),
  ...NUMBER_WORDS.keys(),
  ...FRACTIONS.keys(),
  ...MULTIPLES.keys(),
  'every',
  'each',
  'a',
  'an',
  'per',
  'noon',
  'midday',
  'midnight',
]);

export function startsQuantity(lower: string): boolean {
  if (QUANTITY_WORDS.has(lower)) return true;
  const dash = lower.indexOf('-');
  return dash >= 0 && QUANTITY_WORDS.has(lower.slice(0, dash));
}

/** The characters a Chinese quantity can start with: 每, 半, the first of a weekday (周, 星期, 礼拜) and numerals. */
export const HAN_QUANTITY_STARTS: ReadonlySet<string> = new Set([...'每半周星礼', ...CN_NUMERAL_CHARS]);

/** Words after a number that do not say what it measures. */
export const NOT_A_NOUN = new Set(
  (
    'a an and are as at be been but by for from has have in is it its of on or so than that the their then there ' +
    'these this those to was were will with which who while when where after before until since into over under ' +
    'per each every percent more less fewer times also only just about around all ' +
    // "children under 8 because of its steps": a word that opens a cause or a condition counts nothing.
    'because although though whereas if once whether ' +
    // "children aged 6 to 12 may take half a tablet": an auxiliary after a number is its clause's verb.
    'may might can could must should shall would do does did need'
  ).split(' '),
);

/**
 * Verbs an instruction opens with: a capital at the start of a sentence ("Add 2 cups of flour", "Take 1 tablet") is the
 * verb's, not a name's, so the number after it is no name's number.
 */
export const INSTRUCTION_VERBS: ReadonlySet<string> = new Set(
  (
    'add take give use mix bake pour boil stir heat cook cut apply wait leave let keep store insert press hold set ' +
    'turn select fill place put remove rinse soak simmer whisk beat fold dissolve drink swallow eat allow bring book ' +
    'pay send call charge replace repeat return check choose buy order reserve expect allow measure weigh dilute'
  ).split(' '),
);
