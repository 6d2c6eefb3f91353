/**
 * The pieces of a sentence the claim check reads, with their place in the text: Latin words (names such as
 * SHA-256, HTTP/2 and Node.js kept whole), numbers (1,000, 2.40, 9:00, 10.0.3.7 and 2019-03-14 kept whole), single
 * Chinese or Japanese characters, currency and percent signs, and the punctuation that ends a clause.
 */

export type TokenKind = 'word' | 'number' | 'han' | 'symbol' | 'break';

export interface Token {
  kind: TokenKind;
  /** As written (full-width Latin letters and digits folded to ASCII). */
  text: string;
  lower: string;
  /** UTF-16 offsets into the text the sentence came from, end exclusive. */
  start: number;
  end: number;
  /** Written right after a slash that follows the token before: the "month" of "$4.99/month". */
  slashed?: true;
}

// A number's groups: a thousands comma or a point ("1,000.5", "10.0.3.7"), then a clock's colons ("19:00"); a comma
// after a colon starts a new token ("19:00，19:00以后", the full-width comma folded to ",").
const TOKEN =
  /\d{4}-\d{1,2}-\d{1,2}|[1-7]\/[2348](?![\d/])|\d+(?:[.,]\d+)*(?::\d+)*[½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]?|[½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{M}][\p{L}\p{M}\p{N}]*(?:[-'’./&+][\p{L}\p{M}\p{N}]+)*(?:\(\p{Lu}\))?|[%$€£¥°℃~−–+-]|[,;:，；：、()（）"“”!?！？]|—|--/uy;
const HAN_CHAR = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]$/u;
const LETTER = /^[\p{L}\p{M}]/u;
const SYMBOLS = new Set('%$€£¥°℃~−–+-');
/** The fractions written as one character, as recipes write them: "1½ lemons", "¾ cup". */
export const VULGAR_FRACTIONS: ReadonlyMap<string, number> = new Map([
  ['½', 1 / 2],
  ['⅓', 1 / 3],
  ['⅔', 2 / 3],
  ['¼', 1 / 4],
  ['¾', 3 / 4],
  ['⅕', 1 / 5],
  ['⅖', 2 / 5],
  ['⅗', 3 / 5],
  ['⅘', 4 / 5],
  ['⅙', 1 / 6],
  ['⅚', 5 / 6],
  ['⅛', 1 / 8],
  ['⅜', 3 / 8],
  ['⅝', 5 / 8],
  ['⅞', 7 / 8],
]);

/**
 * Full-width ASCII (Ｈ, ３, ％) to ASCII, one UTF-16 unit for one, so offsets stay those of the text. A full-width
 * comma ends a Chinese clause: it is folded only where it groups thousands ("1，000元"), not between two numbers of two
 * clauses ("信道为 1，5GHz 频段" is not 1,5 GHz); its token is a comma all the same.
 */
function foldWidth(text: string): string {
  return holdsFullWidth(text)
    ? text.replace(/[\uFF01-\uFF5E]/g, (char, at: number) =>
        char === '，' && !groupsThousands(text, at) ? char : String.fromCharCode(char.charCodeAt(0) - 0xfee0),
      )
    : text;
}

/** Whether the comma at `at` stands between a digit and three more that end the number. */
function groupsThousands(text: string, at: number): boolean {
  return DIGIT.test(text[at - 1] ?? '') && THREE_DIGITS_AFTER.test(text.slice(at + 1, at + 5));
}

const DIGIT = /[0-9０-９]/;
const THREE_DIGITS_AFTER = /^[0-9０-９]{3}(?![0-9０-９])/;

/** Whether the text holds full-width ASCII: told by a look at each character, cheaper than a pattern's call. */
function holdsFullWidth(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xff01 && code <= 0xff5e) return true;
  }
  return false;
}

/** The common Chinese, Hiragana and Katakana blocks: one character, one token, without the pattern. */
function commonHan(code: number): boolean {
  return (code >= 0x4e00 && code <= 0x9fff) || (code >= 0x3400 && code <= 0x4dbf) || (code >= 0x3040 && code <= 0x30ff);
}

function asciiLetter(code: number): boolean {
  const folded = code | 32;
  return folded >= 97 && folded <= 122;
}

function asciiAlphanumeric(code: number): boolean {
  return asciiLetter(code) || (code >= 48 && code <= 57);
}

/** What may go on after the letters of a word: a joiner (SHA-256, Node.js, R&D) or the "(" of "Vitamin(D)". */
const WORD_GOES_ON = new Set("-'./&+(");

/**
 * Where the word that starts at `at` ends, when it is ASCII letters and digits followed by the end or by an ASCII
 * character that cannot go on a word (a space, a comma): the most common token of Latin text, read without the
 * pattern. -1 when the pattern must read it.
 */
function plainWordEnd(text: string, at: number): number {
  let end = at;
  while (end < text.length && asciiAlphanumeric(text.charCodeAt(end))) end++;
  if (end === text.length) return end;
  return text.charCodeAt(end) < 128 && !WORD_GOES_ON.has(text[end]!) ? end : -1;
}

/** Whether the text holds a Chinese character: the one test of script the check's Chinese rules share. */
export function hasHan(text: string): boolean {
  return HAN_ANYWHERE.test(text);
}

const HAN_ANYWHERE = /\p{Script=Han}/u;

/**
 * For each ASCII character, whether the pattern can match where it stands. Each alternative that starts with an
 * ASCII character matches that character alone (a digit, a letter, "-", ","), so trying each alone tells.
 */
const STARTS_TOKEN: readonly boolean[] = Array.from({ length: 128 }, (_, code) => {
  TOKEN.lastIndex = 0;
  return TOKEN.exec(String.fromCharCode(code)) !== null;
});

/** The tokens of `text`, offsets shifted by `offset` (the sentence's place in its whole text). */
export function tokenize(text: string, offset = 0): Token[] {
  const folded = foldWidth(text);
  const tokens: Token[] = [];
  let at = 0;
  // Where a word after a slash would start: "/" is no token, but "$4.99/month" is a rate.
  let afterSlash = -1;
  while (at < folded.length) {
    const code = folded.charCodeAt(at);
    // A space is no token: the pattern would not match it either.
    if (code === 32) {
      at++;
      continue;
    }
    // Nor is an ASCII character the pattern cannot start at: ".", "/", a line break.
    if (code < 128 && !STARTS_TOKEN[code]) {
      if (code === SLASH && at > 0 && folded.charCodeAt(at - 1) !== 32) afterSlash = at + 1;
      at++;
      continue;
    }
    // A Chinese character is a token of its own, the most common token of Chinese text.
    if (commonHan(code)) {
      const char = folded[at]!;
      tokens.push({ kind: 'han', text: char, lower: char, start: offset + at, end: offset + at + 1 });
      at++;
      continue;
    }
    const plainEnd = asciiLetter(code) ? plainWordEnd(folded, at) : -1;
    if (plainEnd >= 0) {
      const word = folded.slice(at, plainEnd);
      const token: Token = {
        kind: 'word',
        text: word,
        lower: word.toLowerCase(),
        start: offset + at,
        end: offset + plainEnd,
      };
      if (at === afterSlash) token.slashed = true;
      tokens.push(token);
      at = plainEnd;
      continue;
    }
    if (code === EN_DASH && spacedDash(folded, at)) {
      tokens.push({ kind: 'break', text: '–', lower: '–', start: offset + at, end: offset + at + 1 });
      at++;
      continue;
    }
    TOKEN.lastIndex = at;
    const match = TOKEN.exec(folded);
    if (match === null) {
      at++;
      continue;
    }
    let value = match[0];
    // Chinese characters are letters too, but a Latin word ends where they start: "G123次列车" is G123, 次, 列, 车.
    for (let k = 1; k < value.length; k++) {
      if (commonHan(value.charCodeAt(k))) {
        value = value.slice(0, k);
        break;
      }
    }
    // A full-width comma left unfolded (see `foldWidth`) is a comma all the same.
    if (value === '，') value = ',';
    value = endOfSpanStart(value);
    const kind = value === '-' && spacedDash(folded, at) ? 'break' : kindOf(value);
    // Only words have a case: the others are kept as they are.
    const lower = kind === 'word' ? value.toLowerCase() : value;
    const token: Token = { kind, text: value, lower, start: offset + at, end: offset + at + value.length };
    if (at === afterSlash) token.slashed = true;
    tokens.push(token);
    at += value.length;
    // "the Aero 16's battery": a possessive after a number is no unit (s, seconds).
    if (kind === 'number') {
      POSSESSIVE_AFTER.lastIndex = at;
      if (POSSESSIVE_AFTER.test(folded)) at += 2;
    }
  }
  return tokens;
}

/**
 * "June-15 September", "9am-5pm": a month or the hour's am/pm closes the span's first end, and the hyphen joins it to
 * the second end; the word stops before the hyphen.
 */
function endOfSpanStart(value: string): string {
  const hyphen = value.indexOf('-');
  if (hyphen < 0 || !/\d/.test(value[hyphen + 1] ?? '')) return value;
  return SPAN_START_ENDS.test(value.slice(0, hyphen)) ? value.slice(0, hyphen) : value;
}

const SPAN_START_ENDS =
  /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|a\.?m|p\.?m)$/i;

const EN_DASH = 0x2013;
const SLASH = 0x2f;
const POSSESSIVE_AFTER = /['’]s(?![\p{L}\p{N}])/uy;

/**
 * A hyphen or an en dash with a space on each side and a lowercase word after it ("no longer limited to WPA2 - it now
 * supports WPA3") sets a clause apart, as an em dash does; before a number it joins a range ("£5 - £10", "9 – 17"),
 * and between two names a pair ("Monday - Friday", "London - Paris").
 */
function spacedDash(text: string, at: number): boolean {
  if (text.charCodeAt(at - 1) !== 32 || text.charCodeAt(at + 1) !== 32) return false;
  return /^ \p{Ll}/u.test(text.slice(at + 1, at + 3));
}

function kindOf(value: string): TokenKind {
  const code = value.charCodeAt(0);
  if ((code >= 48 && code <= 57) || VULGAR_FRACTIONS.has(value)) return 'number';
  if (asciiLetter(code)) return 'word';
  if (SYMBOLS.has(value)) return 'symbol';
  if (HAN_CHAR.test(value)) return 'han';
  if (LETTER.test(value)) return 'word';
  return 'break';
}

/** Whether a token follows the previous one with nothing between them ("14th", "9点"). */
export function adjacent(previous: Token | undefined, next: Token | undefined): boolean {
  return previous !== undefined && next !== undefined && previous.end === next.start;
}
