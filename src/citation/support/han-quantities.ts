import type { Token } from './claim-tokens.js';
import type { Quantity } from './quantity.js';
import {
  CN_DIGITS,
  DAY_CONTEXT,
  HAN_BOUNDS,
  HAN_QUANTITY_STARTS,
  HAN_UNITS_BY_FIRST,
  RANGE_WORDS,
  chineseNumeral,
  isCnNumeral,
} from './quantity-words.js';
import { DAY, HAN_MEASURE_WORDS, HAN_PERIODS, HAN_WEEKDAYS, MONTH, WEEK, YEAR, type Unit } from './quantity-units.js';

/** A number before 号 that names a thing: a gate, a seat, a regulation. */
const NUMBERED: Unit = { cls: 'count:号', factor: 1, name: '号' };

const NOT_A_MONTH: ReadonlySet<string> = new Set(['份', '龄']);

/** How far before its number a bound may stand: a modal and a verb of two characters between (最多可以申请三次). */
const BOUND_REACH = 5;
/**
 * 最多 and 至少 bound a number across an adverb too (最多可以同时派5名); 最高 and 最低 so far off more often make a noun
 * of their own (最高峰莲花峰海拔1864米) than bound the number.
 */
const FAR_BOUND_REACH = 7;
const FAR_BOUNDS: ReadonlySet<string> = new Set(['最多', '至多', '最少', '至少']);
const PLACE_WORDS: ReadonlySet<string> = new Set(['千', '万', '百']);

const PERCENT = { cls: 'percent', factor: 1, name: '%' };
/** Characters that make a word with 成 after a numeral: 一成不变, 三成人, 五成熟. */
const WORDS_AFTER_CHENG: ReadonlySet<string> = new Set('不为功本立年人员绩熟交都果分品效型长就批套对'.split(''));

/** What follows a number of days that a thing lasts: 三日通票, 五日游, 七日无理由退货, 三日卡. */
const DAYS_LONG: readonly string[] = ['通票', '游', '卡', '券', '无理由'];

/** Words before 一 that pick one thing out rather than count it: 这一项, 那一次, 每一项, 哪一天. */
const ONE_OF: ReadonlySet<string> = new Set(['这', '那', '每', '哪', '同']);

/** The parts of a hundred each 分之 writes: 百分之 per cent, 千分之 per mille, 万分之 per ten thousand. */
const PER_PARTS: ReadonlyMap<string, number> = new Map([
  ['百', 1],
  ['千', 10],
  ['万', 100],
]);

/**
 * The Chinese readings of the quantity scanner: numerals written in characters (三千五百), their measure words and
 * units, fractions and halves, dates, clock times and weekdays (3月5日, 下午3点, 周一), "every" (每周), rates said the
 * Chinese way (每秒18米, 时速350公里) and bounds said a few characters before a number (最多可以借15本).
 * `QuantityScanner` (quantities.ts) reads everything else and gives these readings the steps both share: pushing a
 * quantity, a unit, a date or a clock time, and the span of tokens a quantity covers.
 */
export abstract class HanQuantityReading {
  protected abstract readonly tokens: readonly Token[];
  protected abstract readonly found: Quantity[];
  protected abstract i: number;

  protected abstract push(quantity: Omit<Quantity, 'loose' | 'approx' | 'atLeast'>, first: number, last: number): void;
  protected abstract pushUnit(value: number, unit: Unit, first: number, last: number): void;
  protected abstract pushDate(date: NonNullable<Quantity['date']>, first: number, last: number): void;
  protected abstract clockAt(hour: number, minute: number, first: number, last: number): void;
  protected abstract namedTime(minutes: number, first: number, last: number): void;
  protected abstract bare(value: number, first: number, last: number): void;
  protected abstract span(first: number, last: number): { text: string; start: number; end: number };

  /**
   * A speed or a flow said the Chinese way: 每秒18米 (每 + a time, then the amount) and 时速350公里 (an amount per
   * hour), as "18 metres per second" and "350 km/h" are.
   */
  protected hanRate(quantity: Quantity, first: number): Quantity | undefined {
    if (quantity.cls !== 'length' && quantity.cls !== 'volume') return undefined;
    const period = this.found.at(-1);
    if (period?.cls === 'period' && period.end === quantity.start && this.tokens[first - 1]?.end === period.end) {
      this.found.pop();
      return {
        ...quantity,
        cls: `${quantity.cls}/time`,
        value: quantity.value / period.value,
        unit: `${quantity.unit}/${period.unit}`,
        text: period.text + quantity.text,
        start: period.start,
      };
    }
    for (let k = first - 1; k > 0 && k >= first - 5 && this.tokens[k]!.kind === 'han'; k--) {
      if (this.tokens[k]!.text === '速' && this.tokens[k - 1]!.text === '时') {
        return {
          ...quantity,
          cls: `${quantity.cls}/time`,
          value: quantity.value / 3600,
          unit: `${quantity.unit}/hour`,
        };
      }
    }
    return undefined;
  }

  /**
   * A bound said a few characters before the number, across a modal and a verb: 最多可以借15本, 最多可以申请三次, 限养一只
   * (a limit on what the verb after 限 allows).
   */
  protected hanBoundBefore(first: number): string | undefined {
    for (let k = first - 2; k >= first - FAR_BOUND_REACH && this.tokens[k]?.kind === 'han'; k--) {
      const text = this.tokens[k]!.text;
      const pair = (this.tokens[k - 1]?.text ?? '') + text;
      const far = k < first - BOUND_REACH;
      // 最多的 is a superlative ("人数最多的专业"), not a bound.
      if (HAN_BOUNDS.has(pair) && this.tokens[k + 1]?.text !== '的' && (!far || FAR_BOUNDS.has(pair))) return pair;
      if (text === '限' && !far) return text;
    }
    return undefined;
  }

  /** The run of Chinese numerals that starts at `first` (三千五百), its value and its last token. */
  protected hanNumeralAt(first: number): { value: number; last: number; text: string } | undefined {
    if (!isCnNumeral(this.tokens[first]?.text ?? '')) return undefined;
    let last = first;
    while (isCnNumeral(this.tokens[last + 1]?.text ?? '')) last++;
    const text = this.tokens
      .slice(first, last + 1)
      .map((t) => t.text)
      .join('');
    const value = chineseNumeral(text);
    return value === undefined ? undefined : { value, last, text };
  }

  protected han(token: Token): void {
    // 午夜: midnight, the time 零点 and 24:00 say.
    if (token.text === '午' && this.tokens[this.i + 1]?.text === '夜') return this.namedTime(0, this.i, this.i + 1);
    if (!HAN_QUANTITY_STARTS.has(token.text)) return;
    const first = this.i;
    if (token.text === '每') return this.hanEvery(first);
    if (token.text === '半' && this.hanHalf(0, first, first - 1)) return;
    if (this.hanWeekday(first)) return this.hanWeekdayList();
    const numeral = this.hanNumeralAt(first);
    if (numeral === undefined) return;
    const { value, last, text } = numeral;
    const next = this.tokens[last + 1];
    if (this.tokens[first - 1]?.text === '第') return this.ordinal(value, first - 1, last);
    // 最后一个工作日, 最后一天: which one, not how many (最后三天 are three days).
    if (value === 1 && this.tokens[first - 1]?.text === '后' && this.tokens[first - 2]?.text === '最') return;
    // 这一项, 那一次, 每一项: which one, or each, not a count of one.
    if (value === 1 && ONE_OF.has(this.tokens[first - 1]?.text ?? '')) return;
    // 百分之五 is 5%, 千分之五 0.5%, 万分之五 0.05%.
    const per = this.tokens[first - 1]?.text === '之' ? PER_PARTS.get(this.tokens[first - 3]?.text ?? '') : undefined;
    if (per !== undefined) return this.pushUnit(value / per, PERCENT, first - 3, last);
    if (this.hanFraction(value, first, last)) return;
    // 三到四天: the first end of a range, which takes the unit of the second.
    if (RANGE_WORDS.has(next?.text ?? '') && isCnNumeral(this.tokens[last + 2]?.text ?? '')) {
      return this.push({ cls: 'bare', value, raw: value, unit: '', ...this.span(first, last) }, first, last);
    }
    // A lone numeral is a number only before a unit or measure word: 一些, 一旦, 十分 are not numbers.
    if (
      next?.kind !== 'han' ||
      !(this.hanUnitAt(last + 1) || HAN_MEASURE_WORDS.has(next.text) || '年月日点号成'.includes(next.text))
    ) {
      if (text.length < 2 || /^[一二两]/.test(text) === false) return;
      if (!/[十百千万亿]/.test(text)) return;
    }
    this.hanUnit(value, first, last);
  }

  /**
   * Whether N号 right after this token names a thing (阿波罗11号, 地铁5号线, Apollo 11号) rather than a day of the
   * month (于11号, 本月11号): it follows a name's word, not a word of time or a particle.
   */
  protected designates(first: number): boolean {
    const before = this.tokens[first - 1];
    if (before?.kind === 'word') return true;
    return before?.kind === 'han' && !DAY_CONTEXT.has(before.text);
  }

  private writtenWithPlaces(first: number, last: number): boolean {
    for (let k = first; k <= last; k++) if (PLACE_WORDS.has(this.tokens[k]!.text)) return true;
    return false;
  }

  /** A Chinese unit, measure word, or date or clock part after a number. */
  protected hanUnit(value: number, first: number, last: number): void {
    const next = this.tokens[last + 1];
    if (this.hanHalf(value, first, last)) return;
    // A numeral that ends its sentence ("个人最多一千五。") has no unit after it.
    if (next === undefined) return this.bare(value, first, last);
    // 1987年 and 二〇二四年 are years; 千年, 两千年 and 三千年 are lengths, written with the numeral's place words.
    if (next.text === '年' && value >= 1000 && !this.writtenWithPlaces(first, last)) return this.hanDate(first, last);
    // 3月 is March, but 3月份 names the month and 3月龄 is an age of three months.
    if (next.text === '月' && value >= 1 && value <= 12 && !NOT_A_MONTH.has(this.tokens[last + 2]?.text ?? ''))
      return this.hanDate(first, last);
    if ((next.text === '点' || next.text === '时') && value <= 24) return this.hanClock(value, first, last + 1);
    // 两成 is 20%, 三成五 35%: tenths of a whole, unless 成 starts a word of its own (三成人, 一成不变).
    if (next.text === '成' && value >= 1 && value <= 10 && Number.isInteger(value)) {
      const after = this.tokens[last + 2]?.text ?? '';
      const half = CN_DIGITS[after];
      if (half !== undefined && half > 0 && !isCnNumeral(this.tokens[last + 3]?.text ?? '')) {
        return this.pushUnit(value * 10 + half, PERCENT, first, last + 2);
      }
      if (!WORDS_AFTER_CHENG.has(after)) return this.pushUnit(value * 10, PERCENT, first, last + 1);
      return;
    }
    const unit = this.hanUnitAt(last + 1);
    const unitEnd = last + (unit?.length ?? 1);
    if (this.tokens[unitEnd + 1]?.text === '期') {
      // 三年期, 一年期: the name of a product, not a length of time.
      const name = this.tokens
        .slice(last + 1, unitEnd + 2)
        .map((t) => t.text)
        .join('');
      return this.push(
        { cls: `term:${name}`, value, raw: value, unit: name, ...this.span(first, unitEnd + 1) },
        first,
        unitEnd + 1,
      );
    }
    if (unit) {
      // 两块五: two and a half yuan, the digit after 块 counting tenths.
      const tenths = this.tokens[last + 2];
      if (next.text === '块' && tenths?.kind === 'han' && CN_DIGITS[tenths.text] !== undefined) {
        const after = this.tokens[last + 3];
        if (after === undefined || !isCnNumeral(after.text)) {
          return this.pushUnit(value + CN_DIGITS[tenths.text]! / 10, unit.unit, first, last + 2);
        }
      }
      const unitLast = last + unit.length;
      // 一个月有80G流量, 一年是76.8美元, 一天开了250公里: what one month, year or day holds, the period of a rate, as 每月
      // says it; not a length of time.
      if (unit.unit.cls === 'time' && value === 1 && PER_PERIOD_VERBS.has(this.tokens[unitLast + 1]?.text ?? '')) {
        const name = unit.unit === MONTH ? '月' : this.tokens[unitLast]!.text;
        const span = this.span(first, unitLast);
        return this.push({ cls: 'period', value: unit.unit.factor, raw: 1, unit: name, ...span }, first, unitLast);
      }
      return this.pushUnit(value, unit.unit, first, unitLast);
    }
    if (next.text === '年') return this.pushUnit(value, YEAR, first, last + 1);
    if (next.text === '号' && this.designates(first)) {
      // 阿波罗11号, 地铁5号线: the number names the thing, like 三年期.
      const span = this.span(first, last + 1);
      return this.push({ cls: 'term:号', value, raw: value, unit: '号', ...span }, first, last + 1);
    }
    // No month has a 32nd day: 登机口为58号, 261/2004号 number a thing, and are compared as numbers of it.
    if (next.text === '号' && value > 31) return this.pushUnit(value, NUMBERED, first, last + 1);
    // 60日内, 30日以内: a number of days, as 天 says; no month has a 60th day.
    if (next.text === '日' && (value > 31 || this.withinAt(last + 2) || this.daysLong(first, last + 2)))
      return this.pushUnit(value, DAY, first, last + 1);
    if (next.text === '日' || next.text === '号') return this.pushDate({ day: value }, first, last + 1);
    if (HAN_MEASURE_WORDS.has(next.text)) {
      // The noun counted is the one or two characters right after the measure word, not past a comma.
      const han = (at: number) => (this.tokens[at]?.kind === 'han' ? this.tokens[at].text : undefined);
      const noun = han(last + 2) === undefined ? '' : han(last + 2)! + (han(last + 3) ?? '');
      const name = next.text === '次' || next.text === '倍' || next.text === '岁' ? next.text : `${next.text}${noun}`;
      return this.pushUnit(value, { cls: `count:${name}`, factor: 1, name }, first, last + 1);
    }
    this.bare(value, first, last);
  }

  /**
   * 第三, 第一次, 第5名: a rank, not an amount; compared only with another rank. `first` is 第; a measure word
   * after the number is part of it.
   */
  protected ordinal(value: number, first: number, last: number): void {
    const end = HAN_MEASURE_WORDS.has(this.tokens[last + 1]?.text ?? '') ? last + 1 : last;
    this.push({ cls: 'ordinal', value, raw: value, unit: '', ...this.span(first, end) }, first, end);
  }

  /**
   * A half after the number: 一个半小时 (an hour and a half), 两个半月, 一年半; or alone, 半小时, 半年. `last` is the
   * numeral's last token (first − 1 when there is none, `value` 0).
   */
  protected hanHalf(value: number, first: number, last: number): boolean {
    const next = last + 1;
    // The half before the unit: 一个半小时 after a numeral, 半小时 alone.
    const halfFirst =
      value > 0
        ? this.tokens[next]?.text === '个' && this.tokens[next + 1]?.text === '半' && next + 2
        : this.tokens[next]?.text === '半' && next + 1;
    if (halfFirst !== false) {
      const unit = this.hanTimeUnitAt(halfFirst);
      if (unit === undefined) return false;
      this.pushUnit(value + 0.5, unit.unit, first, halfFirst + unit.length - 1);
      return true;
    }
    // The half after the unit: 一年半.
    const unit = value > 0 ? this.hanTimeUnitAt(next) : undefined;
    if (unit === undefined || this.tokens[next + unit.length]?.text !== '半') return false;
    this.pushUnit(value + 0.5, unit.unit, first, next + unit.length);
    return true;
  }

  /** 三分之一小时 (a third of an hour), 四分之三: the denominator is read back from before 分之. */
  protected hanFraction(numerator: number, first: number, last: number): boolean {
    if (this.tokens[first - 1]?.text !== '之' || this.tokens[first - 2]?.text !== '分') return false;
    let start = first - 3;
    while (start >= 0 && isCnNumeral(this.tokens[start]!.text)) start--;
    start++;
    if (start > first - 3) return false;
    const denominator = chineseNumeral(
      this.tokens
        .slice(start, first - 2)
        .map((t) => t.text)
        .join(''),
    );
    if (denominator === undefined || denominator === 0) return false;
    const unit = this.hanUnitAt(last + 1);
    if (unit) this.pushUnit(numerator / denominator, unit.unit, start, last + unit.length);
    else
      this.push(
        {
          cls: 'bare',
          value: numerator / denominator,
          raw: numerator / denominator,
          unit: '',
          ...this.span(start, last),
        },
        start,
        last,
      );
    return true;
  }

  /** A unit of time, with 年 and 月, which alone are also parts of dates. */
  protected hanTimeUnitAt(index: number): { unit: Unit; length: number } | undefined {
    const text = this.tokens[index]?.text;
    if (text === '年') return { unit: YEAR, length: 1 };
    if (text === '月') return { unit: MONTH, length: 1 };
    const unit = this.hanUnitAt(index);
    return unit?.unit.cls === 'time' ? unit : undefined;
  }

  protected numeralText(first: number, last: number): string {
    let text = '';
    for (let k = first; k <= last; k++) text += this.tokens[k]!.text;
    return text;
  }

  protected hanUnitAt(index: number): { unit: Unit; length: number } | undefined {
    for (const [name, unit] of HAN_UNITS_BY_FIRST.get(this.tokens[index]?.text ?? '') ?? []) {
      let matches = true;
      for (let k = 0; k < name.length && matches; k++) matches = this.tokens[index + k]?.text === name[k];
      if (matches) return { unit, length: name.length };
    }
    return undefined;
  }

  /** Whether the tokens from `at` say "within" (内, 以内, 之内): what comes before is a length of time. */
  /**
   * Whether the days name how long a thing lasts, not a day of the month: 三日通票 (a three-day pass), 五日游,
   * 七日无理由退货. A day said after its month (本月3日) is a date whatever follows it.
   */
  private daysLong(first: number, at: number): boolean {
    if (this.tokens[first - 1]?.text === '月') return false;
    const word = (this.tokens[at]?.text ?? '') + (this.tokens[at + 1]?.text ?? '') + (this.tokens[at + 2]?.text ?? '');
    return DAYS_LONG.some((long) => word.startsWith(long));
  }

  protected withinAt(at: number): boolean {
    const one = this.tokens[at]?.text;
    return one === '内' || ((one === '以' || one === '之') && this.tokens[at + 1]?.text === '内');
  }

  /** 2019年3月14日, 3月14日, 2019年. */
  protected hanDate(first: number, last: number): void {
    const date: NonNullable<Quantity['date']> = {};
    let index = first;
    let end = last;
    const read = (): number | undefined => {
      const token = this.tokens[index];
      if (token?.kind === 'number') {
        index++;
        return Number(token.text);
      }
      let text = '';
      while (isCnNumeral(this.tokens[index]?.text ?? '')) text += this.tokens[index++]!.text;
      return text ? chineseNumeral(text) : undefined;
    };
    for (;;) {
      const start = index;
      const value = read();
      const marker = this.tokens[index]?.text;
      if (value === undefined || marker === undefined) {
        index = start;
        break;
      }
      if (marker === '年' && date.year === undefined && date.month === undefined) date.year = value;
      else if (marker === '月' && date.month === undefined && date.day === undefined) date.month = value;
      else if ((marker === '日' || marker === '号') && date.day === undefined && date.month !== undefined)
        date.day = value;
      else {
        index = start;
        break;
      }
      end = index;
      index++;
    }
    this.pushDate(date, first, end);
  }

  /** 9点, 9点30分, 9点半, 下午3点. */
  protected hanClock(hour: number, first: number, markerIndex: number): void {
    let last = markerIndex;
    let minute = 0;
    const next = this.tokens[last + 1];
    if (next?.text === '半') {
      minute = 30;
      last++;
    } else if (next?.kind === 'number' && this.tokens[last + 2]?.text === '分') {
      minute = Number(next.text);
      last += 2;
    } else if (next !== undefined && isCnNumeral(next.text)) {
      // 七点零五分, 八点四十, 九点一刻.
      let end = last + 1;
      while (isCnNumeral(this.tokens[end + 1]?.text ?? '')) end++;
      const numeral = this.numeralText(last + 1, end);
      const value = chineseNumeral(numeral);
      const unit = this.tokens[end + 1]?.text;
      // Minutes said without 分 take two figures or a 零 (八点四十, 七点零五): "三点一直到" goes on with 一直.
      const minutes = unit === '分' || (value !== undefined && value >= 10) || numeral.startsWith('零');
      if (value !== undefined && unit === '刻' && value <= 3) {
        minute = value * 15;
        last = end + 1;
      } else if (value !== undefined && value < 60 && unit !== '刻' && minutes) {
        minute = value;
        last = unit === '分' ? end + 1 : end;
      }
    }
    this.clockAt(hour, minute, first, last);
  }

  /** 周一, 星期天, 礼拜三; not 一周 or 每周一次. */
  protected hanWeekday(first: number): boolean {
    const one = this.tokens[first]?.text ?? '';
    if (one !== '周' && one !== '星' && one !== '礼') return false;
    const two = one + (this.tokens[first + 1]?.text ?? '');
    const length = one === '周' ? 1 : two === '星期' || two === '礼拜' ? 2 : 0;
    if (length === 0) return false;
    const day = this.tokens[first + length];
    const weekday = day?.kind === 'han' ? HAN_WEEKDAYS.get(day.text) : undefined;
    if (weekday === undefined || HAN_MEASURE_WORDS.has(this.tokens[first + length + 1]?.text ?? '')) return false;
    const last = first + length;
    this.push({ cls: 'weekday', value: weekday, raw: weekday, unit: '', ...this.span(first, last) }, first, last);
    return true;
  }

  /** The days a list goes on with after its first: 三 and 五 of 周一、三、五, 四 of 周二和四. */
  protected hanWeekdayList(): void {
    let k = this.i;
    for (;;) {
      const day = this.tokens[k + 1];
      const weekday = day?.kind === 'han' ? HAN_WEEKDAYS.get(day.text) : undefined;
      const next = this.tokens[k + 2]?.text ?? '';
      if (!LIST_JOINS.has(this.tokens[k]?.text ?? '') || weekday === undefined || NOT_A_DAY_AFTER.test(next)) return;
      this.push({ cls: 'weekday', value: weekday, raw: weekday, unit: '', ...this.span(k + 1, k + 1) }, k + 1, k + 1);
      k += 2;
    }
  }

  /** Whether a month is named at `index`: 3月, 四月, or the first end of a range of months (四到十月). */
  protected monthAt(index: number): boolean {
    const numeral = this.numberAt(index);
    if (numeral === undefined) return false;
    let next = numeral + 1;
    if (RANGE_WORDS.has(this.tokens[next]?.text ?? '')) {
      const end = this.numberAt(next + 1);
      if (end === undefined) return false;
      next = end + 1;
    }
    return this.tokens[next]?.text === '月';
  }

  /** The last token of a number at `index`, in digits or in numerals. */
  private numberAt(index: number): number | undefined {
    if (this.tokens[index]?.kind === 'number') return index;
    return this.hanNumeralAt(index)?.last;
  }

  /**
   * The day just read, said with 每 or "every" from `first` (每周六, "every Saturday"): a weekly schedule (not every
   * day), as a period, and the day of the week (not Tuesdays), both over the words from `first`.
   */
  protected weeklyOnDay(first: number): void {
    const weekday = { ...this.found.at(-1)!, ...this.span(first, this.i - 1) };
    this.found[this.found.length - 1] = { ...weekday, cls: 'period', value: WEEK.factor };
    this.found.push(weekday);
  }

  /** 每天, 每周, 每两周, 每3个月. */
  protected hanEvery(first: number): void {
    if (this.hanWeekday(first + 1)) {
      this.weeklyOnDay(first);
      return this.hanWeekdayList();
    }
    let index = first + 1;
    let count = 1;
    const token = this.tokens[index];
    if (token?.kind === 'number') {
      count = Number(token.text);
      index++;
    } else if (token && isCnNumeral(token.text)) {
      count = chineseNumeral(token.text) ?? 1;
      index++;
    }
    for (const [name, seconds] of HAN_PERIODS) {
      let matches = true;
      for (let k = 0; k < name.length && matches; k++) matches = this.tokens[index + k]?.text === name[k];
      if (!matches) continue;
      const last = index + name.length - 1;
      // 每年四到十月, 每年3月: the months a thing happens in, every year; not a rate per year.
      if (name === '年' && this.monthAt(last + 1)) return;
      return this.push(
        { cls: 'period', value: count * seconds, raw: count, unit: name, ...this.span(first, last) },
        first,
        last,
      );
    }
  }
}

/** Verbs after one month, year or day that say what it holds: 一个月有, 一年是, 一天开了. */
const PER_PERIOD_VERBS: ReadonlySet<string> = new Set([
  '有',
  '是',
  '能',
  '可',
  '共',
  '最',
  '开',
  '收',
  '花',
  '付',
  '交',
]);

/** Words that join the days of a list: 周一、三、五, 周二和四. */
const LIST_JOINS: ReadonlySet<string> = new Set(['、', '和', '及', '与', '或']);
/** A numeral followed by one of these is a number or a date, not a day: 周一、三月, 周二和三天. */
const NOT_A_DAY_AFTER = /^[月日号点时年天周岁元倍成折个次人层楼名项条件位期]/u;
