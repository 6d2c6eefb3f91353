import { stemmer } from 'stemmer';
import { isMonthName, numberKeys } from './numbers.js';

/**
 * What the support check needs to know about a text, computed once per text: its word stems (and Chinese and
 * Japanese character pairs) for coverage, its numbers, named entities and negations for grounding. Sources
 * are profiled once per answer and kept; a paragraph once when it closes.
 */

const HAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** Words that carry no claim of their own: they neither count toward coverage nor anchor a negation. */
const FUNCTION_WORDS = new Set(
  (
    'a an and are as at be been being but by can could did do does for from had has have he her his how i if in ' +
    'into is it its may me might more most must my of on or our she should so some such than that the their them ' +
    'then there these they this those to too us very was we were what when where which while who whom why will ' +
    'with would you your also about after again all any before between both each few just once only other own ' +
    'same through under until up over off out s t'
  ).split(' '),
);
const NEGATION_WORDS = new Set([
  'not',
  'no',
  'never',
  'without',
  'cannot',
  'none',
  'nor',
  'neither',
  'nothing',
  'nobody',
]);
/** Two-word cues that deny what follows them: "A rather than B". */
const NEGATION_PAIRS = new Set(['rather than', 'instead of']);
/** Chinese and Japanese negations; the exceptions are words that contain one without denying anything. */
const CJK_NEGATION = /没有|不|没|未|无|非|别|勿|莫/gu;
const CJK_NOT_NEGATION = /^(?:不仅|不断|不少|不久|不过|不但|不同|非常|未来|无论|别人|别的)/u;
/** Characters skipped after a Chinese negation to reach the word it denies: 不会丢失 denies 丢失. */
const CJK_AUX = /[再会能是要可应得太很都也就在只]/u;
/** Endings of Chinese place and organisation names; the characters before them are the name. */
const CJK_NAME_SUFFIX = /(?:公园|车站|工厂|公司|大学|医院|银行|集团|中心|议会|委员会|站)/gu;
const CJK_FUNCTION = /[的由在从到和与是于了把被向对为将其该这那每个及或并且而]/u;
const CJK_FOREIGN_NAME = /[\p{Script=Han}]+·[\p{Script=Han}]+/gu;

/** What a word is, whatever its sentence: kept per spelling, since answers and sources use few distinct words. */
type WordKind = Pick<WordToken, 'lower' | 'stem' | 'content' | 'negation' | 'capitalised'>;
const kinds = new Map<string, WordKind>();

function kindOf(word: string): WordKind {
  let kind = kinds.get(word);
  if (kind === undefined) {
    const lower = word.toLowerCase();
    const negation = NEGATION_WORDS.has(lower);
    const digit = lower.charCodeAt(0) <= 57;
    kind = {
      lower,
      stem: digit ? lower : stemmer(lower),
      content: lower.length >= 2 && !digit && !negation && !FUNCTION_WORDS.has(lower),
      negation,
      capitalised: word[0] !== lower[0],
    };
    if (kinds.size > 50_000) kinds.clear();
    kinds.set(word, kind);
  }
  return kind;
}

export interface WordToken {
  /** As written. */
  word: string;
  /** Lowercase form. */
  lower: string;
  stem: string;
  content: boolean;
  negation: boolean;
  capitalised: boolean;
}

export interface SentenceProfile {
  text: string;
  /** Lowercase text. */
  lower: string;
  cjk: boolean;
  /** The first word each Latin negation denies. */
  denied: string[];
  /** The word each Chinese or Japanese negation denies. */
  cjkDenied: string[];
  /** Content terms: word stems, and character pairs of Chinese and Japanese runs. */
  terms: Set<string>;
  words: WordToken[];
  numbers: string[];
  /** Names that must be found in a source: capitalised words, Chinese names. */
  entities: string[];
}

export interface TextProfile {
  /** NFKC-normalised, lowercase text, for substring lookups. */
  flat: string;
  cjk: boolean;
  sentences: SentenceProfile[];
  terms: Set<string>;
  numbers: Set<string>;
  /** Every word stem and lowercase word, for entity lookups. */
  vocabulary: Set<string>;
  /** Whether the text holds enough words in Latin letters to judge a sentence written in them. */
  latin: boolean;
  /** Each significant word stem: whether some occurrence of it is negated. */
  negatedStems: Map<string, boolean>;
  /** The two words each negation denies, for the sentences that say them without it. */
  denials: [string, string][];
  /** Chinese and Japanese: each character pair, whether some occurrence of it is negated. */
  negatedPairs: Map<string, boolean>;
  /** Chinese and Japanese: the word each negation denies. */
  cjkDenials: string[];
}

export function normalise(text: string): string {
  return text.normalize('NFKC');
}

/** No character below this code is Han, Hiragana or Katakana: most characters are decided without a regex. */
const FIRST_HAN = 0x2e80;
/** Per UTF-16 code unit of the Basic Multilingual Plane: 0 not yet known, 1 Han or kana, 2 neither. */
const hanUnits = new Uint8Array(0x10000);

/** Whether the character at `at` is Han, Hiragana or Katakana: 0 when not, else its length in code units. */
function hanAt(text: string, at: number): number {
  const unit = text.charCodeAt(at);
  if (unit < FIRST_HAN) return 0;
  if (unit >= 0xd800 && unit <= 0xdbff) {
    const point = text.codePointAt(at)!;
    return point > 0xffff && HAN.test(String.fromCodePoint(point)) ? 2 : 0;
  }
  return isHanUnit(unit) ? 1 : 0;
}

/** Whether one UTF-16 code unit, on its own, is a Han or kana character (a lone surrogate never is). */
function isHanUnit(unit: number): boolean {
  if (unit < FIRST_HAN) return false;
  let known = hanUnits[unit]!;
  if (known === 0) {
    known = HAN.test(String.fromCharCode(unit)) ? 1 : 2;
    hanUnits[unit] = known;
  }
  return known === 1;
}

export function hasHan(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (hanAt(text, i) > 0) return true;
  return false;
}

/**
 * Calls `visit` with the start and end (UTF-16 indices) of each run of Han and kana characters, as a global
 * match of `HAN` followed by `+` would find them, without building a match object per run.
 */
function forEachHanRun(text: string, visit: (start: number, end: number) => void): void {
  let start = -1;
  for (let i = 0; i < text.length;) {
    const length = hanAt(text, i);
    if (length > 0) {
      if (start < 0) start = i;
      i += length;
    } else {
      if (start >= 0) visit(start, i);
      start = -1;
      i++;
    }
  }
  if (start >= 0) visit(start, text.length);
}

/**
 * Words are written in Latin letters (with their accented forms, U+00C0–U+024F) or digits; Chinese and Japanese
 * go by character pair.
 */
function isLatinWordUnit(unit: number): boolean {
  return (
    (unit >= 97 && unit <= 122) ||
    (unit >= 65 && unit <= 90) ||
    (unit >= 48 && unit <= 57) ||
    (unit >= 0xc0 && unit <= 0x24f)
  );
}

/** Sentences end at . ! ? followed by a space or the end (so 12.5 stays whole), at 。！？；, and at line breaks. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|(?<=[。！？；;])|\n+/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

function wordTokens(sentence: string): WordToken[] {
  const text = sentence.includes("'") ? sentence.replace(/n't\b/gi, ' not') : sentence;
  const tokens: WordToken[] = [];
  for (let i = 0; i < text.length; i++) {
    if (!isLatinWordUnit(text.charCodeAt(i))) continue;
    const start = i;
    while (i + 1 < text.length && isLatinWordUnit(text.charCodeAt(i + 1))) i++;
    const word = text.slice(start, i + 1);
    const kind = kindOf(word);
    tokens.push({
      word,
      lower: kind.lower,
      stem: kind.stem,
      content: kind.content,
      negation: kind.negation,
      capitalised: kind.capitalised,
    });
  }
  for (let i = 0; i + 1 < tokens.length; i++) {
    const first = tokens[i]!.lower;
    if ((first === 'rather' || first === 'instead') && NEGATION_PAIRS.has(`${first} ${tokens[i + 1]!.lower}`)) {
      for (const token of [tokens[i]!, tokens[i + 1]!]) {
        token.negation = true;
        token.content = false;
      }
    }
  }
  return tokens;
}

function latinEntities(words: readonly WordToken[], cjk: boolean): string[] {
  const entities: string[] = [];
  for (const [index, { word, capitalised }] of words.entries()) {
    const first = index === 0;
    if (!capitalised || isMonthName(word) || word === 'I') continue;
    // The first word of a sentence is capitalised anyway; it names something only when it is written like a name.
    const nameLike = /\p{Lu}/u.test(word.slice(1)) || /\d/.test(word);
    if (first && !cjk && !nameLike) continue;
    entities.push(word);
  }
  return entities;
}

function cjkEntities(sentence: string): string[] {
  const entities: string[] = [];
  if (sentence.includes('·')) for (const [name] of sentence.matchAll(CJK_FOREIGN_NAME)) entities.push(name);
  for (const match of sentence.matchAll(CJK_NAME_SUFFIX)) {
    let head = '';
    for (let at = match.index - 1; at >= 0 && head.length < 4; at--) {
      const char = sentence[at]!;
      if (!isHanUnit(char.charCodeAt(0)) || CJK_FUNCTION.test(char)) break;
      head = char + head;
    }
    if (head.length > 0) entities.push(head + match[0]);
  }
  return entities;
}

export function profileSentence(raw: string): SentenceProfile {
  const text = normalise(raw);
  const cjk = hasHan(text);
  const words = wordTokens(text);
  const terms = new Set<string>();
  for (const word of words) if (word.content) terms.add(word.stem);
  forEachHanRun(text, (start, end) => {
    if (end - start === 1) terms.add(text[start]!);
    for (let i = start; i + 1 < end; i++) terms.add(text.slice(i, i + 2));
  });
  const lower = text.toLowerCase();
  return {
    text,
    lower,
    cjk,
    denied: latinDenials(words).map((denial) => denial[0]!),
    cjkDenied: cjk ? [...cjkDenials(lower)].map(([word]) => word) : [],
    terms,
    words,
    numbers: numberKeys(text),
    entities: [...latinEntities(words, cjk), ...(cjk ? cjkEntities(text) : [])],
  };
}

export function profileText(raw: string): TextProfile {
  const text = normalise(raw);
  const flat = text.toLowerCase();
  const sentences = splitSentences(text).map(profileSentence);
  const terms = new Set<string>();
  const numbers = new Set<string>();
  const vocabulary = new Set<string>();
  const negatedStems = new Map<string, boolean>();
  const denials: [string, string][] = [];
  let latinWords = 0;
  for (const sentence of sentences) {
    for (const term of sentence.terms) terms.add(term);
    for (const number of sentence.numbers) numbers.add(number);
    sentence.words.forEach((word, i) => {
      vocabulary.add(word.lower);
      vocabulary.add(word.stem);
      if (word.content) latinWords++;
      if (significant(word)) negatedStems.set(word.stem, negatedStems.get(word.stem) || negatedAt(sentence.words, i));
    });
    for (const denial of latinDenials(sentence.words))
      if (denial.length === 2) denials.push(denial as [string, string]);
  }
  const cjk = hasHan(text);
  const negatedPairs = new Map<string, boolean>();
  if (cjk) {
    forEachHanRun(flat, (start, end) => {
      for (let i = start; i + 1 < end; i++) {
        const pair = flat.slice(i, i + 2);
        negatedPairs.set(pair, negatedPairs.get(pair) || cjkNegatedBefore(flat, i));
      }
    });
  }
  return {
    flat,
    cjk,
    latin: latinWords >= 3,
    sentences,
    terms,
    numbers,
    vocabulary,
    negatedStems,
    denials,
    negatedPairs,
    cjkDenials: cjk ? [...cjkDenials(flat)].map(([word]) => word) : [],
  };
}

/**
 * Whether the negations of `sentence` agree with `source`: a word the sentence denies that the source states
 * only without a negation near it, or a word the source denies that the sentence states without one, makes
 * the sentence contradicted. Words are compared by stem, Chinese and Japanese by character pair.
 */
export function negationAgrees(sentence: SentenceProfile, source: TextProfile): boolean {
  for (const denied of sentence.denied) if (source.negatedStems.get(denied) === false) return false;
  for (const [first, second] of source.denials) {
    const words = sentence.words;
    for (let i = 0; i < words.length; i++) {
      if (words[i]!.stem !== first || negatedAt(words, i)) continue;
      const next = words.slice(i + 1).find(significant);
      if (next?.stem === second) return false;
    }
  }
  if (sentence.cjk && source.cjk) {
    for (const denied of sentence.cjkDenied) if (source.negatedPairs.get(denied) === false) return false;
    for (const denied of source.cjkDenials) {
      let found = false;
      let negated = false;
      for (let i = sentence.lower.indexOf(denied); i >= 0; i = sentence.lower.indexOf(denied, i + 1)) {
        found = true;
        if (cjkNegatedBefore(sentence.lower, i)) negated = true;
      }
      if (found && !negated) return false;
    }
  }
  return true;
}

/** How many words before a word a negation still denies it. */
const NEAR = 4;

/** Content words and numbers: the words a claim turns on. */
function significant(word: WordToken): boolean {
  return word.content || /^\d/.test(word.lower);
}

/** For each negation (a two-word cue counts once), the next two significant words: the words it denies. */
function latinDenials(words: WordToken[]): string[][] {
  const denials: string[][] = [];
  for (let at = 0; at < words.length; at++) {
    if (!words[at]!.negation || words[at - 1]?.negation) continue;
    const denied: string[] = [];
    let i = at + 1;
    while (i < words.length && words[i]!.negation) i++;
    for (; i < words.length && denied.length < 2; i++) {
      if (words[i]!.negation) break;
      if (significant(words[i]!)) denied.push(words[i]!.stem);
    }
    if (denied.length > 0) denials.push(denied);
  }
  return denials;
}

function negatedAt(words: WordToken[], at: number): boolean {
  for (let i = Math.max(0, at - NEAR); i < at; i++) if (words[i]!.negation) return true;
  return false;
}

const CJK_NEAR = 4;

/** The Chinese words negations deny: the two characters after the negation, past 会, 能, 再 and the like. */
function* cjkDenials(text: string): Generator<[string]> {
  for (const match of text.matchAll(CJK_NEGATION)) {
    if (CJK_NOT_NEGATION.test(text.slice(match.index, match.index + 2))) continue;
    let at = match.index + match[0].length;
    while (at < text.length && CJK_AUX.test(text[at]!)) at++;
    const denied = text.slice(at, at + 2);
    if (denied.length === 2 && isHanUnit(denied.charCodeAt(0)) && isHanUnit(denied.charCodeAt(1))) yield [denied];
  }
}

function cjkNegatedBefore(text: string, at: number): boolean {
  const from = Math.max(0, at - CJK_NEAR);
  const window = text.slice(from, at);
  for (const match of window.matchAll(CJK_NEGATION)) {
    if (!CJK_NOT_NEGATION.test(text.slice(from + match.index, from + match.index + 2))) return true;
  }
  return false;
}
