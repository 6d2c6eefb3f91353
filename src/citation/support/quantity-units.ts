/**
 * The units a quantity can be measured in, English and Chinese, each with its class and its size in the class's
 * base unit, so that "90 minutes" and "1.5 hours" compare equal and "five hours" and "five days" do not.
 */

export interface Unit {
  /** What the unit measures: quantities of different classes are never compared. */
  cls: string;
  /** Size in the class's base unit (seconds, bytes, metres, grams, litres; 1 where there is no conversion). */
  factor: number;
  /** The unit's name as the check reports it. */
  name: string;
}

const unit = (cls: string, factor: number, name: string): Unit => ({ cls, factor, name });

const SECOND = unit('time', 1, 'second');
const MINUTE = unit('time', 60, 'minute');
const HOUR = unit('time', 3600, 'hour');
export const DAY = unit('time', 86_400, 'day');
/** Five working days make a week: "10 working days" is another length than "10 days" or "10 weeks". */
export const WORKING_DAY = unit('time', (7 * 86_400) / 5, 'working day');
export const WEEK = unit('time', 604_800, 'week');
export const MONTH = unit('time', 2_629_800, 'month');
export const YEAR = unit('time', 31_557_600, 'year');

/** English unit words, lowercase, singular and plural. */
export const LATIN_UNITS: ReadonlyMap<string, Unit> = new Map(
  (
    [
      [['ms', 'msec', 'millisecond', 'milliseconds'], unit('time', 0.001, 'millisecond')],
      [['s', 'sec', 'secs', 'second', 'seconds'], SECOND],
      [['min', 'mins', 'minute', 'minutes'], MINUTE],
      [['h', 'hr', 'hrs', 'hour', 'hours'], HOUR],
      [['day', 'days'], DAY],
      [['week', 'weeks'], WEEK],
      [['fortnight', 'fortnights'], unit('time', 1_209_600, 'fortnight')],
      [['month', 'months'], MONTH],
      [['year', 'years', 'yr', 'yrs'], YEAR],
      [['decade', 'decades'], unit('time', 315_576_000, 'decade')],
      [['byte', 'bytes'], unit('size', 1, 'byte')],
      [['kb', 'kib', 'kilobyte', 'kilobytes'], unit('size', 1e3, 'KB')],
      [['mb', 'mib', 'megabyte', 'megabytes'], unit('size', 1e6, 'MB')],
      [['gb', 'gib', 'gigabyte', 'gigabytes'], unit('size', 1e9, 'GB')],
      [['tb', 'tib', 'terabyte', 'terabytes'], unit('size', 1e12, 'TB')],
      [['kbps', 'kbit/s'], unit('bitrate', 1e3, 'kbit/s')],
      [['mbps', 'mbit/s'], unit('bitrate', 1e6, 'Mbit/s')],
      [['gbps', 'gbit/s'], unit('bitrate', 1e9, 'Gbit/s')],
      [['mm', 'millimetre', 'millimetres', 'millimeter', 'millimeters'], unit('length', 0.001, 'mm')],
      [['cm', 'centimetre', 'centimetres', 'centimeter', 'centimeters'], unit('length', 0.01, 'cm')],
      [['m', 'metre', 'metres', 'meter', 'meters'], unit('length', 1, 'metre')],
      [['km', 'kilometre', 'kilometres', 'kilometer', 'kilometers'], unit('length', 1000, 'km')],
      [['mile', 'miles'], unit('length', 1609.344, 'mile')],
      [['ft', 'foot', 'feet'], unit('length', 0.3048, 'foot')],
      [['inch', 'inches'], unit('length', 0.0254, 'inch')],
      [['µg', 'μg', 'mcg', 'microgram', 'micrograms'], unit('mass', 1e-6, 'µg')],
      [['mg', 'milligram', 'milligrams'], unit('mass', 0.001, 'mg')],
      [['g', 'gram', 'grams'], unit('mass', 1, 'gram')],
      [['kg', 'kilogram', 'kilograms', 'kilo', 'kilos'], unit('mass', 1000, 'kg')],
      [['tonne', 'tonnes', 'ton', 'tons'], unit('mass', 1e6, 'tonne')],
      [['lb', 'lbs'], unit('mass', 453.592, 'lb')],
      [['oz', 'ounce', 'ounces'], unit('mass', 28.3495, 'oz')],
      [['ml', 'millilitre', 'millilitres', 'milliliter', 'milliliters'], unit('volume', 0.001, 'ml')],
      [['litre', 'litres', 'liter', 'liters'], unit('volume', 1, 'litre')],
      // A gallon and a pint are the UK's or the US's: either differs from a litre by more than a rounding.
      [['gallon', 'gallons'], unit('volume', 3.785, 'gallon')],
      [['pint', 'pints'], unit('volume', 0.5, 'pint')],
      [['hectare', 'hectares'], unit('area', 1e4, 'ha')],
      [['m²', 'sqm'], unit('area', 1, 'm²')],
      [['km²'], unit('area', 1e6, 'km²')],
      [['m³'], unit('volume', 1000, 'm³')],
      [['psi'], unit('pressure', 6894.76, 'psi')],
      [['acre', 'acres'], unit('area', 4046.86, 'acre')],
      [['yard', 'yards', 'yd'], unit('length', 0.9144, 'yard')],
      [['tsp', 'teaspoon', 'teaspoons'], unit('volume', 0.005, 'tsp')],
      [['tbsp', 'tablespoon', 'tablespoons'], unit('volume', 0.015, 'tbsp')],
      [['percent', 'pct'], unit('percent', 1, '%')],
      [['v', 'volt', 'volts'], unit('voltage', 1, 'V')],
      [['w', 'watt', 'watts'], unit('power', 1, 'W')],
      [['kw', 'kilowatt', 'kilowatts'], unit('power', 1e3, 'kW')],
      [['mw', 'megawatt', 'megawatts'], unit('power', 1e6, 'MW')],
      [['wh'], unit('energy', 1, 'Wh')],
      [['kwh'], unit('energy', 1e3, 'kWh')],
      [['mwh'], unit('energy', 1e6, 'MWh')],
      [['mah'], unit('charge', 0.001, 'mAh')],
      [['ah'], unit('charge', 1, 'Ah')],
      [['db', 'db(a)', 'decibel', 'decibels'], unit('loudness', 1, 'dB')],
      [['hz', 'hertz'], unit('frequency', 1, 'Hz')],
      [['khz'], unit('frequency', 1e3, 'kHz')],
      [['mhz'], unit('frequency', 1e6, 'MHz')],
      [['ghz'], unit('frequency', 1e9, 'GHz')],
      // Speeds in metres per second, as "350 km per hour" and 时速350公里 are read.
      [['m/s'], unit('length/time', 1, 'm/s')],
      [['km/s'], unit('length/time', 1000, 'km/s')],
      [['km/h', 'kph', 'kmh'], unit('length/time', 1000 / 3600, 'km/h')],
      [['mph'], unit('length/time', 1609.344 / 3600, 'mph')],
      [['knot', 'knots'], unit('length/time', 0.514444, 'knot')],
      [['°c', 'celsius'], unit('temperature:c', 1, '°C')],
      [['°f', 'fahrenheit'], unit('temperature:f', 1, '°F')],
      [['usd', 'dollar', 'dollars'], unit('money:usd', 1, 'USD')],
      [['eur', 'euro', 'euros'], unit('money:eur', 1, 'EUR')],
      [['gbp'], unit('money:gbp', 1, 'GBP')],
      [['cny', 'rmb', 'yuan'], unit('money:cny', 1, 'CNY')],
      [['yen', 'jpy'], unit('money:jpy', 1, 'JPY')],
      [['chf', 'franc', 'francs'], unit('money:chf', 1, 'CHF')],
      [['inr', 'rupee', 'rupees'], unit('money:inr', 1, 'INR')],
      [['cent', 'cents'], unit('money:cent', 1, 'cent')],
      [['p', 'pence'], unit('money:gbp', 0.01, 'p')],
    ] as const
  ).flatMap(([names, found]) => names.map((name) => [name, found] as const)),
);

export const CURRENCY_SIGNS: ReadonlyMap<string, Unit> = new Map([
  ['$', unit('money:usd', 1, 'USD')],
  ['€', unit('money:eur', 1, 'EUR')],
  ['£', unit('money:gbp', 1, 'GBP')],
  ['¥', unit('money:cny', 1, 'CNY')],
]);

/** Chinese units, matched longest first after a number. */
export const HAN_UNITS: readonly (readonly [string, Unit])[] = (
  [
    ['毫秒', unit('time', 0.001, 'millisecond')],
    ['秒钟', SECOND],
    ['秒', SECOND],
    ['分钟', MINUTE],
    ['个小时', HOUR],
    ['小时', HOUR],
    ['钟头', HOUR],
    ['天', DAY],
    ['个工作日', WORKING_DAY],
    ['工作日', WORKING_DAY],
    ['个自然日', DAY],
    ['自然日', DAY],
    ['个星期', WEEK],
    ['星期', WEEK],
    // 30周岁: an age in full years, counted as 30岁 is.
    ['周岁', unit('count:岁', 1, '岁')],
    ['周', WEEK],
    ['个月', MONTH],
    ['月龄', MONTH],
    ['平方公里', unit('area', 1e6, 'km²')],
    ['平方千米', unit('area', 1e6, 'km²')],
    ['平方米', unit('area', 1, 'm²')],
    ['平米', unit('area', 1, 'm²')],
    ['公顷', unit('area', 1e4, 'ha')],
    ['立方米', unit('volume', 1000, 'm³')],
    ['公里', unit('length', 1000, 'km')],
    ['千米', unit('length', 1000, 'km')],
    ['厘米', unit('length', 0.01, 'cm')],
    ['毫米', unit('length', 0.001, 'mm')],
    ['英里', unit('length', 1609.344, 'mile')],
    ['英寸', unit('length', 0.0254, 'inch')],
    ['英尺', unit('length', 0.3048, 'foot')],
    ['米', unit('length', 1, 'metre')],
    ['公斤', unit('mass', 1000, 'kg')],
    ['千克', unit('mass', 1000, 'kg')],
    ['微克', unit('mass', 1e-6, 'µg')],
    ['毫克', unit('mass', 0.001, 'mg')],
    ['克', unit('mass', 1, 'gram')],
    ['吨', unit('mass', 1e6, 'tonne')],
    // 斤, the market weight, is half a kilogram: "20斤" is not "20公斤".
    ['斤', unit('mass', 500, 'jin')],
    ['磅', unit('mass', 453.592, 'lb')],
    ['盎司', unit('mass', 28.3495, 'oz')],
    ['加仑', unit('volume', 3.785, 'gallon')],
    ['毫升', unit('volume', 0.001, 'ml')],
    ['升', unit('volume', 1, 'litre')],
    ['茶匙', unit('volume', 0.005, 'tsp')],
    ['汤匙', unit('volume', 0.015, 'tbsp')],
    ['美元', unit('money:usd', 1, 'USD')],
    ['欧元', unit('money:eur', 1, 'EUR')],
    ['英镑', unit('money:gbp', 1, 'GBP')],
    ['日元', unit('money:jpy', 1, 'JPY')],
    // Other currencies a Chinese text names with 元 or 币: each is its own money, not the yuan.
    ['港元', unit('money:hkd', 1, 'HKD')],
    ['港币', unit('money:hkd', 1, 'HKD')],
    ['澳元', unit('money:aud', 1, 'AUD')],
    ['加元', unit('money:cad', 1, 'CAD')],
    ['新加坡元', unit('money:sgd', 1, 'SGD')],
    ['新台币', unit('money:twd', 1, 'TWD')],
    ['韩元', unit('money:krw', 1, 'KRW')],
    ['人民币', unit('money:cny', 1, 'CNY')],
    ['元', unit('money:cny', 1, 'CNY')],
    ['块', unit('money:cny', 1, 'CNY')],
    ['摄氏度', unit('temperature:c', 1, '°C')],
    ['伏特', unit('voltage', 1, 'V')],
    ['伏', unit('voltage', 1, 'V')],
    ['千瓦时', unit('energy', 1e3, 'kWh')],
    ['瓦时', unit('energy', 1, 'Wh')],
    ['千瓦', unit('power', 1e3, 'kW')],
    ['瓦', unit('power', 1, 'W')],
    ['毫安时', unit('charge', 0.001, 'mAh')],
    ['安时', unit('charge', 1, 'Ah')],
    ['分贝', unit('loudness', 1, 'dB')],
    ['赫兹', unit('frequency', 1, 'Hz')],
    ['度', unit('temperature:c', 1, '°C')],
  ] as const
).toSorted((a, b) => b[0].length - a[0].length);

/** Chinese measure words: what follows them names what is counted ("3个节点" counts 节点). */
export const HAN_MEASURE_WORDS = new Set(
  '个名位台条项辆座家层站种班本张份人次倍岁节列件所场批轮道只艘枚册篇页架'.split(''),
);

/** How often something happens, as the period between two times, in seconds. */
export const LATIN_PERIODS: ReadonlyMap<string, number> = new Map([
  ['hourly', 3600],
  ['daily', 86_400],
  ['nightly', 86_400],
  ['weekly', 604_800],
  ['fortnightly', 1_209_600],
  ['biweekly', 1_209_600],
  ['monthly', 2_629_800],
  ['quarterly', 7_889_400],
  ['yearly', 31_557_600],
  ['annually', 31_557_600],
  ['annual', 31_557_600],
]);

/** What follows 每 ("every") in Chinese, as a period in seconds. */
export const HAN_PERIODS: readonly (readonly [string, number])[] = [
  ['小时', 3600],
  ['分钟', 60],
  ['秒', 1],
  ['天', 86_400],
  ['日', 86_400],
  ['晚', 86_400],
  ['夜', 86_400],
  ['星期', 604_800],
  ['礼拜', 604_800],
  ['周', 604_800],
  ['个月', 2_629_800],
  ['月', 2_629_800],
  ['季度', 7_889_400],
  ['年', 31_557_600],
];

export const MONTH_NAMES: ReadonlyMap<string, number> = new Map(
  [
    ['january', 'jan'],
    ['february', 'feb'],
    ['march', 'mar'],
    ['april', 'apr'],
    ['may'],
    ['june', 'jun'],
    ['july', 'jul'],
    ['august', 'aug'],
    ['september', 'sep', 'sept'],
    ['october', 'oct'],
    ['november', 'nov'],
    ['december', 'dec'],
  ].flatMap((names, i) => names.map((name) => [name, i + 1] as const)),
);

export const NUMBER_WORDS: ReadonlyMap<string, number> = new Map([
  ['zero', 0],
  ['one', 1],
  ['two', 2],
  ['three', 3],
  ['four', 4],
  ['five', 5],
  ['six', 6],
  ['seven', 7],
  ['eight', 8],
  ['nine', 9],
  ['ten', 10],
  ['eleven', 11],
  ['twelve', 12],
  ['thirteen', 13],
  ['fourteen', 14],
  ['fifteen', 15],
  ['sixteen', 16],
  ['seventeen', 17],
  ['eighteen', 18],
  ['nineteen', 19],
  ['twenty', 20],
  ['thirty', 30],
  ['forty', 40],
  ['fifty', 50],
  ['sixty', 60],
  ['seventy', 70],
  ['eighty', 80],
  ['ninety', 90],
  ['hundred', 100],
  ['thousand', 1000],
  ['dozen', 12],
  ['pair', 2],
  ['couple', 2],
  ['twice', 2],
  ['thrice', 3],
  ['half', 0.5],
]);

/**
 * A number said in one word ("five", "forty") or as tens and units joined by a hyphen ("twenty-five"); other compounds
 * ("one-hundred", "five-five") are left unread.
 */
export function numberInWords(word: string): number | undefined {
  const dash = word.indexOf('-');
  if (dash < 0) return NUMBER_WORDS.get(word);
  const tens = NUMBER_WORDS.get(word.slice(0, dash));
  const units = NUMBER_WORDS.get(word.slice(dash + 1));
  if (tens === undefined || units === undefined) return undefined;
  return tens >= 20 && tens < 100 && tens % 10 === 0 && units >= 1 && units < 10 && Number.isInteger(units)
    ? tens + units
    : undefined;
}

export const MULTIPLIERS: ReadonlyMap<string, number> = new Map([
  ['hundred', 100],
  ['thousand', 1e3],
  ['k', 1e3],
  ['million', 1e6],
  ['m', 1e6],
  ['mn', 1e6],
  ['billion', 1e9],
  ['bn', 1e9],
  ['trillion', 1e12],
]);

export const HAN_MULTIPLIERS: ReadonlyMap<string, number> = new Map([
  ['千', 1e3],
  ['万', 1e4],
  ['亿', 1e8],
]);

/** Words that make a number approximate: it disagrees only with a value far from it. */
export const APPROXIMATE = new Set([
  'about',
  'around',
  'approximately',
  'roughly',
  'nearly',
  'almost',
  'some',
  '~',
  '约',
  '近',
  '大约',
  '左右',
  '上下',
]);

/** Words that make a number a bound: it disagrees only with another bound of the thing. */
export const LOOSE_BEFORE = new Set([
  ...APPROXIMATE,
  'over',
  'under',
  'above',
  'below',
  'least',
  'most',
  'than',
  'up',
  'within',
  'upto',
  'maximum',
  'minimum',
  'max',
  'min',
  '超',
  '逾',
  '至少',
  '最多',
  '最少',
  '最低',
  '最高',
  '不到',
  '超过',
  '低于',
  '高于',
  '少于',
  '多于',
  '大于',
  '小于',
  '不足',
  '满',
  '未满',
  '不满',
  '年满',
  '已满',
  '多达',
  '高达',
  '长达',
]);
/** The word before "as" that makes "as … as N" a bound: "as much as 20 kg", "as few as three". */
export const AS_BOUND = new Set(['much', 'many', 'long', 'high', 'far', 'little', 'few', 'low']);
export const LOOSE_AFTER = new Set(['左右', '多', '余', '以上', '以下', '以内', '内', '上下', '+', 'or']);

/** Days of the week, Monday first, as English names and as what follows 周, 星期 and 礼拜. */
export const WEEKDAYS: ReadonlyMap<string, number> = new Map([
  ['monday', 1],
  ['mondays', 1],
  ['tuesday', 2],
  ['tuesdays', 2],
  ['wednesday', 3],
  ['wednesdays', 3],
  ['thursday', 4],
  ['thursdays', 4],
  ['friday', 5],
  ['fridays', 5],
  ['saturday', 6],
  ['saturdays', 6],
  ['sunday', 7],
  ['sundays', 7],
]);
export const HAN_WEEKDAYS: ReadonlyMap<string, number> = new Map([
  ['一', 1],
  ['二', 2],
  ['三', 3],
  ['四', 4],
  ['五', 5],
  ['六', 6],
  ['日', 7],
  ['天', 7],
]);
