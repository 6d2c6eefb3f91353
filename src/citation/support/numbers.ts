/**
 * Numbers of a text, normalised so that the ways one quantity is written compare equal: 1,000 / 1000 / 一千,
 * 30% / 30 percent / 百分之三十, 85 million / 8500万, full-width digits (after NFKC), month names as numbers.
 * The result is a list of keys: the value, with `%` appended for a percentage.
 */

const CN_DIGIT: Record<string, number> = {
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
const CN_UNIT: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };
const CN_BIG: Record<string, number> = { 万: 1e4, 亿: 1e8 };
const MULTIPLIER: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9, 千: 1e3, 万: 1e4, 亿: 1e8 };

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTH_NUMBER = new Map(MONTHS.map((name, i) => [name, i + 1]));
const WORD_NUMBER: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  twenty: 20,
  hundred: 100,
};
/** Measure words after which a lone Chinese numeral is a quantity (一旦, 一些, 十分 are not). */
const CN_CLASSIFIER =
  /^(?:个|节|列|名|人|位|年|月|日|号|次|倍|岁|条|项|辆|台|座|家|天|周|小时|分钟|公里|米|元|欧元|美元|层|站|种|班|所|本|张|份|成)/;

const PERCENT_CN = /百分之([零〇一二两三四五六七八九十百千万亿]+|\d+(?:\.\d+)?)/gu;
const ARABIC =
  /(?<![A-Za-z\d.])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:\s*(thousand|million|billion|千|万|亿))?(?:\s*(%|percent\b|per cent\b))?/giu;
const CN_RUN = /[零〇一二两三四五六七八九十百千万亿]+/gu;
const WORDS = /\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred)\b/giu;
const MONTH = new RegExp(`\\b(${MONTHS.join('|')})\\b`, 'gu');

export function parseChineseNumeral(text: string): number | undefined {
  let total = 0;
  let section = 0;
  let digit: number | undefined;
  for (const char of text) {
    if (char in CN_DIGIT) digit = (digit ?? 0) * 10 + CN_DIGIT[char]!;
    else if (char in CN_UNIT) {
      section += (digit ?? 1) * CN_UNIT[char]!;
      digit = undefined;
    } else if (char in CN_BIG) {
      total += (section + (digit ?? 0) || 1) * CN_BIG[char]!;
      section = 0;
      digit = undefined;
    } else return undefined;
  }
  return total + section + (digit ?? 0);
}

function key(value: number, percent: boolean): string {
  const rounded = Math.round(value * 1e6) / 1e6;
  return percent ? `${rounded}%` : String(rounded);
}

/** The number keys of a text (expects NFKC-normalised text, so full-width digits are already ASCII). */
const ANY_CN_NUMERAL = /[零〇一二两三四五六七八九十百千万亿]/u;
const ANY_WORD_NUMBER = /(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred)/i;
const ANY_CAPITAL = /[A-Z]/;

/**
 * What a caller that has already read the text knows it lacks: `false` means certainly absent, and the pattern
 * is not run; `true` means it may be there.
 */
export interface NumberHints {
  /** ASCII digits. */
  digits: boolean;
  /** Any of 零〇一二两三四五六七八九十百千万亿. */
  chineseNumerals: boolean;
  /** A number word (two … hundred), in any case, inside a word. */
  numberWords: boolean;
  /** A month name inside a word. */
  months: boolean;
}

export function numberKeys(text: string, hints?: NumberHints): string[] {
  const keys: string[] = [];
  // Each pattern runs only where a cheap test says it can match: most sentences hold no number at all.
  const chinese = (hints?.chineseNumerals ?? true) && ANY_CN_NUMERAL.test(text);
  let rest =
    !chinese || !text.includes('百分之')
      ? text
      : text.replace(PERCENT_CN, (_match, digits: string) => {
          const value = /\d/.test(digits) ? Number(digits) : parseChineseNumeral(digits);
          if (value !== undefined) keys.push(key(value, true));
          return ' ';
        });
  if ((hints?.digits ?? true) && /\d/.test(rest))
    rest = rest.replace(ARABIC, (_m, whole: string, fraction: string | undefined, scale?: string, percent?: string) => {
      const value = Number(whole.replace(/,/g, '') + (fraction ?? '')) * (scale ? MULTIPLIER[scale.toLowerCase()]! : 1);
      keys.push(key(value, percent !== undefined));
      return ' ';
    });
  for (const match of chinese ? rest.matchAll(CN_RUN) : []) {
    const run = match[0];
    const after = rest.slice(match.index + run.length, match.index + run.length + 2);
    const positional = run.length >= 2 && /[十百千万亿]/.test(run) && run !== '千万';
    if (!positional && !CN_CLASSIFIER.test(after)) continue;
    const value = parseChineseNumeral(run);
    // A lone 一 before a measure word is usually an article ("一个", "一家"), not a quantity worth checking.
    if (value === undefined || (value === 1 && !/^[月日]/.test(after))) continue;
    keys.push(key(value, false));
  }
  if ((hints?.numberWords ?? true) && ANY_WORD_NUMBER.test(rest))
    for (const [word] of rest.matchAll(WORDS)) keys.push(key(WORD_NUMBER[word.toLowerCase()]!, false));
  if ((hints?.months ?? true) && ANY_CAPITAL.test(rest))
    for (const [month] of rest.matchAll(MONTH)) keys.push(key(MONTH_NUMBER.get(month)!, false));
  return keys;
}

/**
 * Whether a word, on its own, holds what `WORDS` finds: what {@link NumberHints.numberWords} is made of. Whatever
 * `WORDS` finds in a text lies inside one word and is found in that word alone as well.
 */
const ONE_WORD_NUMBER = new RegExp(WORDS.source, 'iu');
export function holdsNumberWord(word: string): boolean {
  return ONE_WORD_NUMBER.test(word);
}

/** The same for `MONTH`: what {@link NumberHints.months} is made of. */
const ONE_MONTH = new RegExp(MONTH.source, 'u');
export function holdsMonthName(word: string): boolean {
  return ONE_MONTH.test(word);
}

export function isMonthName(word: string): boolean {
  return MONTH_NUMBER.has(word);
}
