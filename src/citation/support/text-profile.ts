import { stemmer } from 'stemmer';
import { holdsMonthName, holdsNumberWord, isMonthName, numberKeys } from './numbers.js';

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
/** Endings of Chinese place and organisation names; the characters before them are the name. */
const CJK_NAME_SUFFIX = /(?:公园|车站|工厂|公司|大学|医院|银行|集团|中心|议会|委员会|站)/gu;
const CJK_FUNCTION = /[的由在从到和与是于了把被向对为将其该这那每个及或并且而]/u;
const CJK_FOREIGN_NAME = /[\p{Script=Han}]+·[\p{Script=Han}]+/gu;

/**
 * A word as the check sees it. One object per spelling, shared by every occurrence (answers and sources use few
 * distinct words, and a paragraph has dozens): never changed once made.
 */
export interface WordToken {
  /** As written. */
  readonly word: string;
  /** Lowercase form. */
  readonly lower: string;
  readonly stem: string;
  /** The stem as a term: see {@link Term}. */
  readonly stemTerm: number;
  readonly content: boolean;
  readonly negation: boolean;
  readonly capitalised: boolean;
  /** Content words and numbers: the words a claim turns on. */
  readonly significant: boolean;
  /** Written like a name even at the start of a sentence: a capital after the first letter, or a digit. */
  readonly nameLike: boolean;
  /** Holds a number word or a month name: the sentence's numbers are looked for in words. */
  readonly numberLike: boolean;
}

/** "rather" and "instead" as the first word of "rather than", "instead of": a negation, not content. */
const negationCueTokens = new Map<string, WordToken>();

function makeToken(word: string): WordToken {
  const lower = word.toLowerCase();
  const negation = NEGATION_WORDS.has(lower);
  const digit = lower.charCodeAt(0) <= 57;
  const content = lower.length >= 2 && !digit && !negation && !FUNCTION_WORDS.has(lower);
  const stem = digit ? lower : stemmer(lower);
  return {
    word,
    lower,
    stem,
    stemTerm: stemTerm(stem),
    content,
    negation,
    capitalised: word[0] !== lower[0],
    significant: content || /^\d/.test(lower),
    nameLike: /\p{Lu}/u.test(word.slice(1)) || /\d/.test(word),
    numberLike: holdsNumberWord(word) || holdsMonthName(word),
  };
}

/** A word's hash, built one code unit at a time while the word is read: `hash = nextHash(hash, unit)`. */
function nextHash(hash: number, unit: number): number {
  return (Math.imul(hash, 31) + unit) | 0;
}

/** Whether `word` is what the text holds from `start` to `end`. */
function spells(word: string, text: string, start: number, end: number): boolean {
  if (word.length !== end - start) return false;
  return text.startsWith(word, start);
}

/** How many spellings are kept before the table starts again. */
const MAX_TOKENS = 50_000;
const FIRST_TABLE_BITS = 10;

/**
 * The tokens made so far, found by the characters of the text they were read from: a word seen before costs no
 * string of its own, only a comparison with the one kept.
 */
class WordTable {
  private slots: (WordToken | undefined)[] = [];
  private hashes = new Int32Array(0);
  private shift = 0;
  private size = 0;

  constructor() {
    this.clear();
  }

  find(text: string, start: number, end: number, hash: number): WordToken {
    const mask = this.hashes.length - 1;
    for (let slot = Math.imul(hash, 0x9e3779b1) >>> this.shift; ; slot = (slot + 1) & mask) {
      const token = this.slots[slot];
      if (token === undefined) return this.add(makeToken(text.slice(start, end)), hash);
      if (this.hashes[slot] === hash && spells(token.word, text, start, end)) return token;
    }
  }

  clear(): void {
    this.slots = new Array<WordToken | undefined>(1 << FIRST_TABLE_BITS).fill(undefined);
    this.hashes = new Int32Array(1 << FIRST_TABLE_BITS);
    this.shift = 32 - FIRST_TABLE_BITS;
    this.size = 0;
    negationCueTokens.clear();
  }

  private add(token: WordToken, hash: number): WordToken {
    if (this.size >= MAX_TOKENS) this.clear();
    else if ((this.size + 1) * 2 > this.hashes.length) this.grow();
    this.place(token, hash);
    this.size++;
    return token;
  }

  private place(token: WordToken, hash: number): void {
    const mask = this.hashes.length - 1;
    let slot = Math.imul(hash, 0x9e3779b1) >>> this.shift;
    while (this.slots[slot] !== undefined) slot = (slot + 1) & mask;
    this.slots[slot] = token;
    this.hashes[slot] = hash;
  }

  private grow(): void {
    const { slots, hashes } = this;
    this.slots = new Array<WordToken | undefined>(slots.length * 2).fill(undefined);
    this.hashes = new Int32Array(hashes.length * 2);
    this.shift--;
    for (let i = 0; i < slots.length; i++) if (slots[i] !== undefined) this.place(slots[i]!, hashes[i]!);
  }
}

const tokens = new WordTable();

function asNegationCue(token: WordToken): WordToken {
  let cue = negationCueTokens.get(token.word);
  if (cue === undefined) {
    cue = { ...token, negation: true, content: false, significant: /^\d/.test(token.lower) };
    negationCueTokens.set(token.word, cue);
  }
  return cue;
}

/**
 * A content term, as a small integer so that a sentence's terms are collected and looked up without a string per
 * term: a word stem is a negative number given on first sight (see {@link stemTerm}), a Chinese or Japanese
 * character or character pair a positive one (see {@link hanTerm}).
 */
export type Term = number;

const stemTerms = new Map<string, number>();
/** Past this many stems the numbering starts again: see {@link termEpoch}. */
const MAX_STEM_TERMS = 100_000;
let epoch = 0;

function stemTerm(stem: string): number {
  let term = stemTerms.get(stem);
  if (term === undefined) {
    term = -(stemTerms.size + 1);
    stemTerms.set(stem, term);
  }
  return term;
}

/**
 * Which numbering of stems profiles made now use. Called before a check, never during one: when the numbering
 * has grown past its bound it starts again, and profiles made under an older one must be made again.
 */
export function termEpoch(): number {
  if (stemTerms.size > MAX_STEM_TERMS) {
    stemTerms.clear();
    tokens.clear();
    epoch++;
  }
  return epoch;
}

/**
 * The terms of one sentence, each once: an open-addressed set of integers that is emptied by moving on to the
 * next generation, so a sentence costs no allocation beyond its list of terms.
 */
class TermCollector {
  private keys = new Int32Array(256);
  private marks = new Uint32Array(256);
  private generation = 0;
  private shift = 24;
  private terms: Term[] = [];

  start(): void {
    this.terms = [];
    if (++this.generation === 0xffffffff) {
      this.marks.fill(0);
      this.generation = 1;
    }
  }

  add(term: Term): void {
    if (this.terms.length * 2 >= this.keys.length) this.grow();
    if (this.insert(term)) this.terms.push(term);
  }

  /** The terms added since `start`, in the order first added. */
  take(): Term[] {
    return this.terms;
  }

  private insert(term: Term): boolean {
    const mask = this.keys.length - 1;
    for (let slot = Math.imul(term, 0x9e3779b1) >>> this.shift; ; slot = (slot + 1) & mask) {
      if (this.marks[slot] !== this.generation) {
        this.marks[slot] = this.generation;
        this.keys[slot] = term;
        return true;
      }
      if (this.keys[slot] === term) return false;
    }
  }

  private grow(): void {
    this.keys = new Int32Array(this.keys.length * 2);
    this.marks = new Uint32Array(this.marks.length * 2);
    this.shift--;
    this.generation = 1;
    for (const term of this.terms) this.insert(term);
  }
}

/**
 * A source's terms, looked up once per term of every sentence that cites it: an open-addressed table of the
 * integers, read with one multiplication and a probe or two. No term is 0, so 0 marks an empty slot.
 */
export class TermSet {
  readonly size: number;
  private readonly keys: Int32Array;
  private readonly shift: number;

  constructor(terms: ReadonlySet<Term>) {
    this.size = terms.size;
    let bits = 4;
    while (1 << bits < terms.size * 2) bits++;
    this.keys = new Int32Array(1 << bits);
    this.shift = 32 - bits;
    const mask = this.keys.length - 1;
    for (const term of terms) {
      let slot = Math.imul(term, 0x9e3779b1) >>> this.shift;
      while (this.keys[slot] !== 0) slot = (slot + 1) & mask;
      this.keys[slot] = term;
    }
  }

  has(term: Term): boolean {
    const mask = this.keys.length - 1;
    for (let slot = Math.imul(term, 0x9e3779b1) >>> this.shift; ; slot = (slot + 1) & mask) {
      const key = this.keys[slot]!;
      if (key === term) return true;
      if (key === 0) return false;
    }
  }
}

const collector = new TermCollector();

export interface SentenceProfile {
  text: string;
  /** Lowercase text, where Chinese and Japanese negations are looked for; empty when the sentence has neither. */
  lower: string;
  cjk: boolean;
  /** The first word each Latin negation denies. */
  denied: string[];
  /** The word each Chinese or Japanese negation denies. */
  cjkDenied: string[];
  /** Content terms, each once: word stems, and characters and character pairs of Chinese and Japanese runs. */
  terms: Term[];
  words: readonly WordToken[];
  numbers: string[];
  /** Names that must be found in a source: capitalised words, Chinese names. */
  entities: string[];
}

export interface TextProfile {
  /** NFKC-normalised, lowercase text, for substring lookups. */
  flat: string;
  cjk: boolean;
  sentences: SentenceProfile[];
  terms: TermSet;
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

/** NFKC changes no character below U+00A0: most English sentences are left as they are without asking ICU. */
const NFKC_VARIANT = /[\u00a0-\uffff]/;

export function normalise(text: string): string {
  return NFKC_VARIANT.test(text) ? text.normalize('NFKC') : text;
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

/**
 * Dense numbers for the code units that Han and kana runs are made of, given on first sight: the BMP holds 28,788
 * Han and kana characters and there are 2,048 surrogates, so every number fits in 15 bits.
 */
const hanNumbers = new Uint16Array(0x10000);
let nextHanNumber = 1;
const HAN_NUMBER_BITS = 15;

/** A character of a Han or kana run as a term, or with `second` a character pair: a small integer either way. */
function hanTerm(first: number, second?: number): number {
  let number = hanNumbers[first]!;
  if (number === 0) hanNumbers[first] = number = nextHanNumber++;
  if (second === undefined) return number;
  let next = hanNumbers[second]!;
  if (next === 0) hanNumbers[second] = next = nextHanNumber++;
  // A pair is at least 2^15, above every single character's number.
  return (number << HAN_NUMBER_BITS) | next;
}

/** Characters that may start what `CJK_NEGATION` and `CJK_NAME_SUFFIX` look for: those scans run only after one. */
const HAN_NEGATION_CUE = 1;
const HAN_NAME_CUE = 2;
/** Chinese numerals, for {@link NumberHints}. */
const HAN_NUMERAL_CUE = 4;
const hanCues = new Uint8Array(0x10000);
for (const char of '没不未无非别勿莫') hanCues[char.charCodeAt(0)]! |= HAN_NEGATION_CUE;
for (const char of '公车工大医银集中议委站') hanCues[char.charCodeAt(0)]! |= HAN_NAME_CUE;
for (const char of '零〇一二两三四五六七八九十百千万亿') hanCues[char.charCodeAt(0)]! |= HAN_NUMERAL_CUE;

/**
 * Whether a code unit at or above U+2E80 that is not Han or kana may change in `toLowerCase`: CJK punctuation and
 * the full-width forms other than the letters do not.
 */
function mayHaveCase(unit: number): boolean {
  if (unit >= 0x3000 && unit <= 0x303f) return false;
  if (unit >= 0xff00 && unit <= 0xffef) return (unit >= 0xff21 && unit <= 0xff3a) || (unit >= 0xff41 && unit <= 0xff5a);
  return true;
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

/** Where sentences end: . ! ? followed by a space (so 12.5 stays whole), 。！？；; and line breaks. */
const SENTENCE_END = /[.!?](?=\s)|[。！？；;]|\n/g;
const NEWLINE = 10;

/**
 * The sentences of a text: cut where they end (a line break is dropped, the other ends stay with their
 * sentence), trimmed, and kept when they hold a letter or a digit. The ends are found by a regular expression
 * without lookbehinds, which reads a paragraph about twice as fast as a loop over its characters.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  SENTENCE_END.lastIndex = 0;
  for (let end = SENTENCE_END.exec(text); end !== null; end = SENTENCE_END.exec(text)) {
    keepSentence(sentences, text.slice(start, text.charCodeAt(end.index) === NEWLINE ? end.index : end.index + 1));
    start = end.index + 1;
  }
  keepSentence(sentences, start === 0 ? text : text.slice(start));
  return sentences;
}

function keepSentence(sentences: string[], piece: string): void {
  const sentence = piece.trim();
  if (hasLetterOrDigit(sentence)) sentences.push(sentence);
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function hasLetterOrDigit(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if ((unit >= 48 && unit <= 57) || (unit >= 65 && unit <= 90) || (unit >= 97 && unit <= 122)) return true;
  }
  // No ASCII letter or digit: whatever else the text holds is decided by Unicode's categories.
  return LETTER_OR_DIGIT.test(text);
}

/** The words of a sentence that holds an apostrophe: "n't" is spelt out as " not" first. */
function wordTokens(sentence: string): WordToken[] {
  const text = sentence.replace(/n't\b/gi, ' not');
  const words: WordToken[] = [];
  for (let i = 0; i < text.length; i++) {
    if (!isLatinWordUnit(text.charCodeAt(i))) continue;
    const start = i;
    let hash = nextHash(0, text.charCodeAt(i));
    while (i + 1 < text.length && isLatinWordUnit(text.charCodeAt(i + 1))) hash = nextHash(hash, text.charCodeAt(++i));
    words.push(tokens.find(text, start, i + 1, hash));
  }
  return words;
}

/** "rather than" and "instead of" deny what follows them: their words become negations. */
function markNegationPairs(words: WordToken[]): void {
  for (let i = 0; i + 1 < words.length; i++) {
    const first = words[i]!.lower;
    if ((first === 'rather' || first === 'instead') && NEGATION_PAIRS.has(`${first} ${words[i + 1]!.lower}`)) {
      words[i] = asNegationCue(words[i]!);
      words[i + 1] = asNegationCue(words[i + 1]!);
    }
  }
}

function latinEntities(words: readonly WordToken[], cjk: boolean): string[] {
  const entities: string[] = [];
  for (let index = 0; index < words.length; index++) {
    const { word, capitalised, nameLike } = words[index]!;
    if (!capitalised || isMonthName(word) || word === 'I') continue;
    // The first word of a sentence is capitalised anyway; it names something only when it is written like a name.
    if (index === 0 && !cjk && !nameLike) continue;
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

/** The terms of a Han or kana run: its character when it has one, else each pair of neighbouring characters. */
function addRunTerms(text: string, start: number, end: number): void {
  if (end - start === 1) {
    collector.add(hanTerm(text.charCodeAt(start)));
    return;
  }
  let unit = text.charCodeAt(start);
  for (let at = start + 1; at < end; at++) {
    const next = text.charCodeAt(at);
    collector.add(hanTerm(unit, next));
    unit = next;
  }
}

export function profileSentence(raw: string): SentenceProfile {
  const text = normalise(raw);
  // With an apostrophe the words are cut from another text ("n't" spelt out); else in the pass below.
  const apostrophe = text.includes("'");
  const words = apostrophe ? wordTokens(text) : [];
  collector.start();
  // One pass over the text: its words, the terms of its Han and kana runs, and what the scans below may skip.
  let cjk = false;
  let cues = 0;
  let digits = false;
  let cased = false;
  let runStart = -1;
  let i = 0;
  while (i < text.length) {
    const unit = text.charCodeAt(i);
    const length = unit < FIRST_HAN ? 0 : hanAt(text, i);
    if (length > 0) {
      cues |= hanCues[unit]!;
      if (runStart < 0) runStart = i;
      i += length;
      continue;
    }
    if (runStart >= 0) {
      addRunTerms(text, runStart, i);
      runStart = -1;
      cjk = true;
    }
    if (unit >= FIRST_HAN) {
      cues |= hanCues[unit]!;
      if (mayHaveCase(unit)) cased = true;
      i++;
    } else if (!apostrophe && isLatinWordUnit(unit)) {
      const start = i;
      let hash = 0;
      do {
        const next = text.charCodeAt(i);
        hash = nextHash(hash, next);
        // A word is made of digits, ASCII letters and accented Latin letters.
        if (next <= 57) digits = true;
        else if (next <= 90 || next >= 0xc0) cased = true;
        i++;
      } while (i < text.length && isLatinWordUnit(text.charCodeAt(i)));
      words.push(tokens.find(text, start, i, hash));
    } else {
      if (unit >= 48 && unit <= 57) digits = true;
      else if ((unit >= 65 && unit <= 90) || unit >= 0xc0) cased = true;
      i++;
    }
  }
  if (runStart >= 0) {
    addRunTerms(text, runStart, text.length);
    cjk = true;
  }
  markNegationPairs(words);
  for (const word of words) if (word.content) collector.add(word.stemTerm);
  // Words are cut from the text with "n't" spelt out: with an apostrophe, the words do not vouch for the text.
  let numberWords = apostrophe;
  for (let i = 0; i < words.length && !numberWords; i++) numberWords = words[i]!.numberLike;
  // Only Chinese and Japanese sentences are searched in lowercase (for the words negations deny).
  const lower = !cjk ? '' : cased ? text.toLowerCase() : text;
  const entities = latinEntities(words, cjk);
  if (cjk && (cues & HAN_NAME_CUE || text.includes('·'))) entities.push(...cjkEntities(text));
  return {
    text,
    lower,
    cjk,
    denied: latinDenials(words).map((denial) => denial[0]!),
    cjkDenied: cues & HAN_NEGATION_CUE ? cjkDenials(lower) : [],
    terms: collector.take(),
    words,
    numbers: numberKeys(text, {
      digits,
      chineseNumerals: (cues & HAN_NUMERAL_CUE) !== 0,
      numberWords,
      months: numberWords,
    }),
    entities,
  };
}

export function profileText(raw: string): TextProfile {
  const text = normalise(raw);
  const flat = text.toLowerCase();
  const sentences = splitSentences(text).map(profileSentence);
  const terms = new Set<Term>();
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
      if (word.significant) negatedStems.set(word.stem, negatedStems.get(word.stem) || negatedAt(sentence.words, i));
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
    terms: new TermSet(terms),
    numbers,
    vocabulary,
    negatedStems,
    denials,
    negatedPairs,
    cjkDenials: cjk ? cjkDenials(flat) : [],
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
      let next = i + 1;
      while (next < words.length && !words[next]!.significant) next++;
      if (next < words.length && words[next]!.stem === second) return false;
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

/** For each negation (a two-word cue counts once), the next two significant words: the words it denies. */
function latinDenials(words: readonly WordToken[]): string[][] {
  const denials: string[][] = [];
  for (let at = 0; at < words.length; at++) {
    if (!words[at]!.negation || words[at - 1]?.negation) continue;
    const denied: string[] = [];
    let i = at + 1;
    while (i < words.length && words[i]!.negation) i++;
    for (; i < words.length && denied.length < 2; i++) {
      if (words[i]!.negation) break;
      if (words[i]!.significant) denied.push(words[i]!.stem);
    }
    if (denied.length > 0) denials.push(denied);
  }
  return denials;
}

function negatedAt(words: readonly WordToken[], at: number): boolean {
  for (let i = Math.max(0, at - NEAR); i < at; i++) if (words[i]!.negation) return true;
  return false;
}

const CJK_NEAR = 4;

/** Chinese words that start with a negation's character without denying anything. */
const NOT_NEGATION_WORDS = new Set([
  '不仅',
  '不断',
  '不少',
  '不久',
  '不过',
  '不但',
  '不同',
  '非常',
  '未来',
  '无论',
  '别人',
  '别的',
]);
/** Characters skipped after a Chinese negation to reach the word it denies: 不会丢失 denies 丢失. */
const auxiliaries = new Uint8Array(0x10000);
for (const char of '再会能是要可应得太很都也就在只') auxiliaries[char.charCodeAt(0)] = 1;
const MEI = '没'.charCodeAt(0);
const YOU = '有'.charCodeAt(0);

/** The length of the Chinese negation at `at` (没有 is one, of two characters), ending no later than `end`. */
function negationLength(text: string, at: number, end: number): number {
  return text.charCodeAt(at) === MEI && at + 1 < end && text.charCodeAt(at + 1) === YOU ? 2 : 1;
}

function isChineseNegation(text: string, at: number): boolean {
  return (hanCues[text.charCodeAt(at)]! & HAN_NEGATION_CUE) !== 0 && !NOT_NEGATION_WORDS.has(text.slice(at, at + 2));
}

/** The Chinese words negations deny: the two characters after the negation, past 会, 能, 再 and the like. */
function cjkDenials(text: string): string[] {
  const denied: string[] = [];
  for (let i = 0; i < text.length;) {
    if ((hanCues[text.charCodeAt(i)]! & HAN_NEGATION_CUE) === 0) {
      i++;
      continue;
    }
    const length = negationLength(text, i, text.length);
    if (isChineseNegation(text, i)) {
      let at = i + length;
      while (at < text.length && auxiliaries[text.charCodeAt(at)] === 1) at++;
      if (at + 2 <= text.length && isHanUnit(text.charCodeAt(at)) && isHanUnit(text.charCodeAt(at + 1))) {
        denied.push(text.slice(at, at + 2));
      }
    }
    i += length;
  }
  return denied;
}

/** Whether a Chinese negation stands in the few characters before `at`. */
function cjkNegatedBefore(text: string, at: number): boolean {
  for (let i = Math.max(0, at - CJK_NEAR); i < at;) {
    if ((hanCues[text.charCodeAt(i)]! & HAN_NEGATION_CUE) === 0) {
      i++;
      continue;
    }
    if (isChineseNegation(text, i)) return true;
    i += negationLength(text, i, at);
  }
  return false;
}
