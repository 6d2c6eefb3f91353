import { stemmer } from 'stemmer';
import { isMonthName, numberKeys } from './numbers.js';

/**
 * What the support check needs to know about a text, computed once per text: its word stems (and Chinese and
 * Japanese character pairs) for coverage, its numbers, named entities and negations for grounding. Sources
 * are profiled once per answer and kept; a paragraph once when it closes.
 */

const HAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;
const WORD = /[\p{L}\p{N}]+/gu;

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

const stems = new Map<string, string>();
function stem(word: string): string {
  let result = stems.get(word);
  if (result === undefined) {
    result = stemmer(word);
    if (stems.size > 50_000) stems.clear();
    stems.set(word, result);
  }
  return result;
}

export interface WordToken {
  /** Lowercase form. */
  lower: string;
  stem: string;
  content: boolean;
  negation: boolean;
  capitalised: boolean;
}

export interface SentenceProfile {
  text: string;
  cjk: boolean;
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
  /** The words of every sentence in order, sentences kept apart so that a negation never reaches across. */
  words: WordToken[];
}

export function normalise(text: string): string {
  return text.normalize('NFKC');
}

export function hasHan(text: string): boolean {
  return HAN.test(text);
}

/** Sentences end at . ! ? followed by a space or the end (so 12.5 stays whole), at 。！？；, and at line breaks. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|(?<=[。！？；;])|\n+/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

function wordTokens(sentence: string): WordToken[] {
  const text = sentence.replace(/n't\b/gi, ' not');
  const tokens: WordToken[] = [];
  for (const [word] of text.matchAll(WORD)) {
    if (hasHan(word)) continue;
    const lower = word.toLowerCase();
    tokens.push({
      lower,
      stem: stem(lower),
      content: lower.length >= 2 && !FUNCTION_WORDS.has(lower) && !NEGATION_WORDS.has(lower) && !/^\d/.test(lower),
      negation: NEGATION_WORDS.has(lower),
      capitalised: /^\p{Lu}/u.test(word),
    });
  }
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (NEGATION_PAIRS.has(`${tokens[i]!.lower} ${tokens[i + 1]!.lower}`)) {
      for (const token of [tokens[i]!, tokens[i + 1]!]) {
        token.negation = true;
        token.content = false;
      }
    }
  }
  return tokens;
}

function latinEntities(sentence: string, cjk: boolean): string[] {
  const entities: string[] = [];
  let index = 0;
  for (const [word] of sentence.matchAll(WORD)) {
    if (hasHan(word)) continue;
    const first = index++ === 0;
    if (!/^\p{Lu}/u.test(word) || isMonthName(word) || word === 'I') continue;
    // The first word of a sentence is capitalised anyway; it names something only when it is written like a name.
    const nameLike = /\p{Lu}/u.test(word.slice(1)) || /\d/.test(word);
    if (first && !cjk && !nameLike) continue;
    entities.push(word);
  }
  return entities;
}

function cjkEntities(sentence: string): string[] {
  const entities: string[] = [];
  for (const [name] of sentence.matchAll(CJK_FOREIGN_NAME)) entities.push(name);
  for (const match of sentence.matchAll(CJK_NAME_SUFFIX)) {
    let head = '';
    for (let at = match.index - 1; at >= 0 && head.length < 4; at--) {
      const char = sentence[at]!;
      if (!HAN.test(char) || CJK_FUNCTION.test(char)) break;
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
  for (const [run] of text.matchAll(HAN_RUN)) {
    if (run.length === 1) terms.add(run);
    for (let i = 0; i + 1 < run.length; i++) terms.add(run.slice(i, i + 2));
  }
  return {
    text,
    cjk,
    terms,
    words,
    numbers: numberKeys(text),
    entities: [...latinEntities(text, cjk), ...(cjk ? cjkEntities(text) : [])],
  };
}

export function profileText(raw: string): TextProfile {
  const text = normalise(raw);
  const sentences = splitSentences(text).map(profileSentence);
  const terms = new Set<string>();
  const numbers = new Set<string>();
  const vocabulary = new Set<string>();
  const words: WordToken[] = [];
  for (const sentence of sentences) {
    words.push(...sentence.words, ...SENTENCE_BREAK);
    for (const term of sentence.terms) terms.add(term);
    for (const number of sentence.numbers) numbers.add(number);
    for (const word of sentence.words) {
      vocabulary.add(word.lower);
      vocabulary.add(word.stem);
    }
  }
  return { flat: text.toLowerCase(), cjk: hasHan(text), sentences, terms, numbers, vocabulary, words };
}

/**
 * Whether the negations of `sentence` agree with `source`: a negation in one that the other lacks near the
 * same words makes the sentence contradicted. Words are compared by stem, Chinese by character pair.
 */
export function negationAgrees(sentence: SentenceProfile, source: TextProfile): boolean {
  if (!latinNegationsAgree(sentence.words, source.words) || !latinNegationsAgree(source.words, sentence.words, true)) {
    return false;
  }
  if (sentence.cjk && source.cjk) {
    const text = sentence.text.toLowerCase();
    if (!cjkNegationsAgree(text, source.flat) || !cjkNegationsAgree(source.flat, text)) return false;
  }
  return true;
}

const NEAR = 4;
const SENTENCE_BREAK: WordToken[] = Array.from({ length: NEAR }, () => ({
  lower: '',
  stem: '',
  content: false,
  negation: false,
  capitalised: false,
}));

/** Content words and numbers: the words a claim turns on. */
function significant(word: WordToken): boolean {
  return word.content || /^\d/.test(word.lower);
}

/** The words a negation at `at` denies: the next two significant words (past the rest of a two-word cue). */
function deniedStems(words: WordToken[], at: number): string[] {
  const denied: string[] = [];
  let i = at + 1;
  while (i < words.length && words[i]!.negation) i++;
  for (; i < words.length && denied.length < 2; i++) {
    if (words[i]!.negation) break;
    if (significant(words[i]!)) denied.push(words[i]!.stem);
  }
  return denied;
}

function negatedAt(words: WordToken[], at: number): boolean {
  for (let i = Math.max(0, at - NEAR); i < at; i++) if (words[i]!.negation) return true;
  return false;
}

/**
 * Every negation in `from` must be matched in `to`: if the first word it denies occurs in `to`, one of its
 * occurrences must be negated too. In the reverse direction (`pairOnly`), the two denied words must occur in
 * `to` one after the other, so that a source's "not X" is held only against a sentence that says "X Y" itself.
 */
function latinNegationsAgree(from: WordToken[], to: WordToken[], pairOnly = false): boolean {
  for (let at = 0; at < from.length; at++) {
    if (!from[at]!.negation || from[at - 1]?.negation) continue;
    const denied = deniedStems(from, at);
    if (denied.length === 0 || (pairOnly && denied.length < 2)) continue;
    const occurrences: number[] = [];
    for (let i = 0; i < to.length; i++) {
      if (to[i]!.stem !== denied[0]) continue;
      if (pairOnly) {
        const next = to.slice(i + 1).find(significant);
        if (next?.stem !== denied[1]) continue;
      }
      occurrences.push(i);
    }
    if (occurrences.length > 0 && !occurrences.some((i) => negatedAt(to, i))) return false;
  }
  return true;
}

const CJK_NEAR = 4;

/** The same for Chinese: the two characters after the negation (past 会, 能, 再 …) are the denied word. */
function cjkNegationsAgree(from: string, to: string): boolean {
  for (const match of from.matchAll(CJK_NEGATION)) {
    if (CJK_NOT_NEGATION.test(from.slice(match.index, match.index + 2))) continue;
    let at = match.index + match[0].length;
    while (at < from.length && CJK_AUX.test(from[at]!)) at++;
    const denied = from.slice(at, at + 2);
    if (denied.length < 2 || !HAN.test(denied[0]!) || !HAN.test(denied[1]!)) continue;
    let found = false;
    let negated = false;
    for (let i = to.indexOf(denied); i >= 0; i = to.indexOf(denied, i + 1)) {
      found = true;
      if (cjkNegatedBefore(to, i)) negated = true;
    }
    if (found && !negated) return false;
  }
  return true;
}

function cjkNegatedBefore(text: string, at: number): boolean {
  const window = text.slice(Math.max(0, at - CJK_NEAR), at);
  for (const match of window.matchAll(CJK_NEGATION)) {
    if (!CJK_NOT_NEGATION.test(text.slice(at - window.length + match.index, at - window.length + match.index + 2))) {
      return true;
    }
  }
  return false;
}
