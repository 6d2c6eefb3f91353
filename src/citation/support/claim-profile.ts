import { sentenceSpans } from '../../text/sentences.js';
import {
  FUNCTION_WORDS,
  hanFunctionAt,
  hanCharSense,
  hanCharWord,
  endsHanWord,
  hanNegationAt,
  hanNegationReach,
  hanSense,
  isDenialBoundary,
  isNegationWord,
  NEGATION_REACH,
  wordSense,
  wordStem,
  type TermSense,
} from './claim-words.js';
import { hasHan, tokenize, type Token } from './claim-tokens.js';
import { hanWordsOfRuns, type HanWords } from './han-words.js';
import type { Noted } from './notes.js';
import { comparable, type Quantity } from './quantity.js';
import { saysAge, scanQuantities } from './quantities.js';
import { AS_BOUND } from './quantity-units.js';
import {
  BOUND_VERB_WORDS,
  EARLIER_MOMENTS,
  LATER_MOMENTS,
  LOWER_AMOUNTS,
  LOWER_WITHOUT_THAN,
  UPPER_AMOUNTS,
  UPPER_WITHOUT_THAN,
} from './quantity-words.js';
import { NUMBER_WORDS } from './quantity-units.js';

/**
 * A text as the claim check reads it: sentences, each cut into clauses ("the ferry leaves at 9" | "the tram at
 * 10"), each clause with its terms (stems, or Chinese character pairs), whether each term is denied, its names
 * and its quantities. Made once per text; never changed after.
 */

export interface ClauseTerm {
  term: string;
  /** Denied, or said through its opposite ("forbids" for "allow"), but not both. */
  denied: boolean;
  /** Which denial of the clause reaches it, counted from 1; 0 when none does. */
  cue: number;
  /** Said through its opposite. */
  inverted: boolean;
  /** Written as a name: SHA-256, PostgreSQL, HTTP, a capitalised word inside a sentence. */
  name: boolean;
  /** A capitalised first word of its sentence: a name only if the other text writes it as one. */
  initialCapital: boolean;
  /** Lowercase, as written (names are compared as written, not stemmed). */
  lower: string;
  start: number;
  end: number;
}

export interface Clause extends Noted {
  start: number;
  end: number;
  text: string;
  /** Whether the text holds a Chinese character (`hasHan`): told once, asked by every Chinese rule. */
  holdsHan: boolean;
  terms: ClauseTerm[];
  termSet: ReadonlySet<string>;
  quantities: Quantity[];
  /** The first claim word: what the clause is most likely about. */
  subject: string | undefined;
  /**
   * For a clause that leaves words unsaid ("and the tram at 10", "but not refunded"), the terms of the clause
   * before it, which it shares: they bind it, with less weight than its own.
   */
  context: ReadonlySet<string>;
  /**
   * Of the context, the words the clause most likely keeps: its own words replace as many of the clause before it,
   * from its start ("and Neptune is the farthest" replaces "Mercury is the closest" and keeps "planet to the Sun").
   */
  kept: ReadonlySet<string>;
  /** The cues (see `ClauseTerm.cue`) of denials that deny only their own phrase: "without a tripod". */
  phraseDenials: readonly number[];
  /**
   * What the clause says, as a key: its terms in order, each with its polarity, and its numbers. Two clauses that
   * say the same thing word for word have the same key. Made once: a claim's clause is looked up in every source.
   */
  saying: string;
}

export interface ClaimSentence extends Noted {
  start: number;
  end: number;
  text: string;
  /** Whether the text holds a Chinese character (`hasHan`): told once, asked by every Chinese rule. */
  holdsHan: boolean;
  /** Mostly Chinese or Japanese. */
  han: boolean;
  clauses: Clause[];
  terms: ReadonlySet<string>;
  quantities: Quantity[];
}

export interface ClaimText {
  sentences: ClaimSentence[];
  han: boolean;
  /** Every term of the text. */
  terms: ReadonlySet<string>;
  /** Names written as names anywhere in the text, lowercase. */
  names: ReadonlySet<string>;
  /** Lowercase words of the text as written: a name of the paragraph may be a plain word here. */
  words: ReadonlySet<string>;
  quantities: Quantity[];
  /** In how many clauses each term stands: rarer terms tell clauses apart better. */
  clauseFrequency: ReadonlyMap<string, number>;
  /** Every clause, with the index of its sentence. */
  clauses: readonly { clause: Clause; sentence: number }[];
  /** The clauses in which some word is denied or said through its opposite, with their sentences. */
  polarClauses: readonly { clause: Clause; sentence: number }[];
}

const CLAUSE_WORDS = new Set([
  'while',
  'whereas',
  'whilst',
  'but',
  'although',
  'though',
  'however',
  'which',
  'versus',
  'vs',
]);
const LIST_WORDS = new Set(['and', 'or']);
const OPENS_CLAUSE = new Set([
  'the',
  'a',
  'an',
  'its',
  'their',
  'it',
  'they',
  'this',
  'these',
  'those',
  'each',
  'every',
]);
const HAN_CLAUSE = new Set(['而', '但']);
const POSSESSIVE = /['’]s?$/u;
const NAME_SHAPE = /\d|\p{Ll}\p{Lu}|^\p{Lu}{2,}/u;

/** "Kilimanjaro's" names Kilimanjaro. Most words hold no apostrophe: told without the pattern. */
function withoutPossessive(lower: string): string {
  return lower.includes("'") || lower.includes('’') ? lower.replace(POSSESSIVE, '') : lower;
}

/** Written like a name: a digit, a capital after a small letter, or two capitals at the start (SHA-256, IPv6). */
function nameShaped(word: string): boolean {
  let ascii = true;
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (code >= 128) {
      ascii = false;
      break;
    }
    if (code >= 48 && code <= 57) return true;
  }
  if (!ascii) return NAME_SHAPE.test(word);
  if (word.length > 1 && asciiUpper(word.charCodeAt(0)) && asciiUpper(word.charCodeAt(1))) return true;
  for (let i = 1; i < word.length; i++) {
    if (asciiUpper(word.charCodeAt(i)) && asciiLower(word.charCodeAt(i - 1))) return true;
  }
  return false;
}

function asciiUpper(code: number): boolean {
  return code >= 65 && code <= 90;
}

function asciiLower(code: number): boolean {
  return code >= 97 && code <= 122;
}

/** A word that starts with a capital; ASCII is told without a regular expression, the common case. */
function startsUpper(word: string): boolean {
  const code = word.charCodeAt(0);
  if (code < 128) return code >= 65 && code <= 90;
  return /^\p{Lu}/u.test(word);
}

/** The claims of `text`, as a source: with the indexes a paragraph is checked against. */
export function profileClaims(text: string): ClaimText {
  const sentences = sentencesOf(text, true);
  for (const sentence of sentences) nameOpeningWords(sentence, text);
  const terms = new Set<string>();
  const names = new Set<string>();
  const words = new Set<string>();
  const clauseFrequency = new Map<string, number>();
  for (const sentence of sentences) {
    for (const clause of sentence.clauses) {
      for (const term of clause.termSet) {
        clauseFrequency.set(term, (clauseFrequency.get(term) ?? 0) + 1);
        terms.add(term);
      }
      for (const term of clause.terms) {
        words.add(term.lower);
        if (term.name) names.add(term.lower);
      }
    }
  }
  const hanSentences = sentences.filter((sentence) => sentence.han).length;
  const clauses = sentences.flatMap((sentence, index) =>
    sentence.clauses.map((clause) => ({ clause, sentence: index })),
  );
  return {
    sentences,
    han: hanSentences * 2 > sentences.length,
    terms,
    names,
    words,
    quantities: sentences.flatMap((sentence) => sentence.quantities),
    clauseFrequency,
    clauses,
    polarClauses: clauses.filter(({ clause }) => clause.terms.some(turnsPolarity)),
  };
}

/**
 * A capital word opening a sentence may be a name ("Complete costs £14 a month", "Plus keeps deleted files for 90
 * days"): a text read against this one may write it as a name, mid-sentence. The word as written is held as well as
 * the term it is read as. The other way round, a word written as a name only by its capital ("Lavender 'Hidcote'",
 * "the Veterans Division") is held as the term it is read as where it opens a sentence, as a text read against this
 * one may write it ("'Hidcote' lavender tops out at …").
 */
function nameOpeningWords(sentence: ClaimSentence, text: string): void {
  const terms = sentence.terms as Set<string>;
  for (const clause of sentence.clauses) {
    for (const term of clause.terms) {
      let alias: string | undefined;
      if (term.initialCapital) alias = term.lower;
      else if (term.name && !nameShaped(text.slice(term.start, term.end))) alias = wordSense(term.lower).term;
      if (alias === undefined || alias === term.term) continue;
      (clause.termSet as Set<string>).add(alias);
      terms.add(alias);
    }
  }
}

/** A denial reaches the term, or it is said through its opposite: either turns the polarity of what is said. */
export function turnsPolarity(term: ClauseTerm): boolean {
  return term.cue > 0 || term.inverted;
}

/**
 * The claim sentences of a paragraph: all a paragraph needs to be judged, without the source's indexes
 * `profileClaims` adds. A word's sense does not depend on the sources, so neither does the paragraph's reading.
 */
export function profileParagraph(text: string): ClaimSentence[] {
  return sentencesOf(text);
}

/** `source`: the text is a source, whose elided predicates are read (see `readElidedPredicate`). */
function sentencesOf(text: string, source = false): ClaimSentence[] {
  const read = sentenceSpans(text).map((span) => readSentence(span.text, span.start));
  const hanWordsAt = hanWordsOfSentences(read);
  const sentences = read.map((sentence, index) => profileSentence(sentence, hanWordsAt[index]!, source));
  sentences.forEach((sentence, i) => {
    const previous = sentences[i - 1]?.clauses[0];
    if (previous !== undefined) referToPrevious(sentence.clauses[0]!, previous);
  });
  markFullDayClock(sentences);
  return sentences;
}

/** A text that writes an hour past 12 ("9:00 至 19:00") writes the 24-hour clock: its "9:00" is not 21:00. */
function markFullDayClock(sentences: readonly ClaimSentence[]): void {
  // Most texts give no clock time past 12: they are read through once, without gathering their times first.
  const pastNoon = (quantity: Quantity) =>
    quantity.cls === 'clock' && quantity.value >= 13 * 60 && /^\d{2}/.test(quantity.text);
  if (!sentences.some((sentence) => sentence.quantities.some(pastNoon))) return;
  for (const sentence of sentences) {
    for (const quantity of sentence.quantities) if (quantity.cls === 'clock') quantity.fullDay = true;
  }
}

/** "it", "they", "them": what a short clause says them of is named by the sentence before. */
const PRONOUN = /(?:^|[^\p{L}])(?:it|they|them)(?:$|[^\p{L}])/iu;

/**
 * A short clause that speaks of "it" ("It is closed on Mondays", "Do not freeze it") speaks of what the sentence
 * before is about: it leaves that sentence's first clause unsaid, for binding, though not for verifying.
 */
function referToPrevious(clause: Clause, previous: Clause): void {
  if (clause.context.size > 0 || clause.terms.length > ELLIPTIC_TERMS || !PRONOUN.test(clause.text)) return;
  const context = new Set<string>();
  for (const term of previous.terms) if (!clause.termSet.has(term.term)) context.add(term.term);
  clause.context = context;
}

/** A sentence's tokens, values and clause ranges: what is read of it before its Chinese words are asked for. */
interface ReadSentence {
  text: string;
  offset: number;
  tokens: Token[];
  quantities: Quantity[];
  inQuantity: (Quantity | undefined)[];
  ranges: [number, number][];
}

function readSentence(text: string, offset: number): ReadSentence {
  const tokens = tokenize(text, offset);
  const quantities = completeEllipses(completeLists(scanQuantities(tokens, wordStem), text, offset), tokens);
  const inQuantity = quantityCover(tokens, quantities);
  return { text, offset, tokens, quantities, inQuantity, ranges: splitClauses(tokens, inQuantity) };
}

function profileSentence(
  read: ReadSentence,
  hanWordsAt: ReadonlyMap<number, HanWords>,
  source: boolean,
): ClaimSentence {
  const { text, offset, tokens, quantities, inQuantity, ranges } = read;
  const clauses = ranges.map((range) => clauseOf(tokens, range, quantities, inQuantity, hanWordsAt));
  for (const clause of clauses) {
    clause.text = text.slice(clause.start - offset, clause.end - offset);
    clause.holdsHan = hasHan(clause.text);
  }
  addContext(
    clauses,
    ranges.map(([from]) => from),
    tokens,
    source,
  );
  let hanChars = 0;
  let latinWords = 0;
  for (const token of tokens) {
    if (token.kind === 'han') hanChars++;
    else if (token.kind === 'word') latinWords++;
  }
  return {
    start: offset,
    end: offset + text.length,
    text,
    holdsHan: hasHan(text),
    han: hanChars > latinWords * 2,
    clauses,
    terms: termsOfClauses(clauses),
    quantities,
    notes: [],
  };
}

/**
 * The terms of a sentence's clauses, in order: each clause's set holds its terms once, in the order they come. A
 * sentence of one clause shares that clause's set rather than a copy: once the sentence is made, a term is added only
 * where a source's opening word is also read as a name (`nameOpeningWords`), to the clause's set and the sentence's
 * alike, so the two never differ.
 */
function termsOfClauses(clauses: readonly Clause[]): Set<string> {
  if (clauses.length === 1) return clauses[0]!.termSet as Set<string>;
  const terms = new Set<string>();
  for (const clause of clauses) for (const term of clause.termSet) terms.add(term);
  return terms;
}

const UNMEASURED = new Set(['date', 'dotted', 'ratio']);

/**
 * Bare numbers listed before a measured one measure what it does: "at 8, 12 and 16 weeks" gives three ages in
 * weeks, "5 or 10 euros" two prices (a range, "350–375°F", is read as one by the quantity scanner). A bound
 * ("children under 5 and 50% off") is another value, not one of a list.
 */
function completeLists(quantities: Quantity[], text: string, offset: number): Quantity[] {
  let listEnd = quantities.at(-1);
  for (let q = quantities.length - 2; q >= 0; q--) {
    const quantity = quantities[q]!;
    const next = quantities[q + 1]!;
    const gap = text.slice(quantity.end - offset, next.start - offset);
    // The last number of the list is joined by "and" or "or" ("8, 12 and 16 weeks"); earlier ones by commas too,
    // but a comma alone before the measured number ends no list ("for ages 3, 4 and 5, 15 hours are free").
    const joined = LIST_JOINT.test(gap) || (COMMA_JOINT.test(gap) && next !== listEnd);
    if (quantity.cls !== 'bare' || quantity.loose || !listsUnit(next) || !joined) {
      listEnd = quantity;
      continue;
    }
    quantities[q] = {
      ...quantity,
      cls: next.cls,
      unit: next.unit,
      value: quantity.raw * (next.value / next.raw),
      loose: false,
      approx: false,
    };
  }
  return quantities;
}

/** A measured value whose unit a list before it may share: not a clock time, a date, a name or a range. */
function listsUnit(quantity: Quantity): boolean {
  return (
    quantity.cls !== 'bare' &&
    quantity.raw !== 0 &&
    quantity.range === undefined &&
    !UNMEASURED.has(quantity.cls) &&
    !['clock', 'weekday', 'period', 'ordinal'].includes(quantity.cls) &&
    !/^(?:version|term):/.test(quantity.cls)
  );
}

const LIST_JOINT = /^\s*[,，]?\s*(?:and|or|和|或|、)\s*$/i;
const COMMA_JOINT = /^\s*[,，]\s*$/;

/**
 * A bare number after a measured one in the same sentence measures the same thing: "free users get 100 requests
 * per minute; paid users get 1000", "the ferry leaves at 9:00 and the tram at 10".
 */
function completeEllipses(quantities: Quantity[], tokens: readonly Token[]): Quantity[] {
  let measured: Quantity | undefined;
  // The measured values by the word before them: "at 220°C, for 30" goes on from "for 40 minutes", not from 220°C.
  let byWordBefore: Map<string, Quantity> | undefined;
  // Quantities come in text order: the tokens around each are looked for from where the last search stopped.
  let next = 0;
  return quantities.map((quantity) => {
    while (next < tokens.length && tokens[next]!.start < quantity.start) next++;
    const first = next;
    const previous = tokens[next - 1];
    const before = previous?.kind === 'word' ? previous.lower : undefined;
    if (quantity.cls !== 'bare') {
      // A ratio ("four times as fast as gear 1") compares two values; the numbers after it are not ratios. Nor is a
      // number after a day of the week a day ("on Thursday mornings at ten").
      if (!UNMEASURED.has(quantity.cls) && quantity.raw !== 0 && quantity.cls !== 'weekday') {
        measured = quantity;
        if (before !== undefined) (byWordBefore ??= new Map()).set(before, quantity);
      }
      return quantity;
    }
    // Only a number that ends its clause leaves its unit unsaid; "a COP of 4.2 at 35 °C" measures something else.
    while (next < tokens.length && tokens[next]!.start < quantity.end) next++;
    const following = tokens[next];
    if (measured === undefined || (following !== undefined && following.kind !== 'break')) return quantity;
    // A group of digits in a phone number or a code ("0161 555 0142") measures nothing; an age ("children aged 10 to
    // 15") measures years of age, whatever the clause before measured.
    if (previous?.kind === 'number' || LEADING_ZERO.test(quantity.text)) return quantity;
    if (saysAge(tokens, first)) return quantity;
    const like = (before !== undefined ? byWordBefore?.get(before) : undefined) ?? measured;
    // Only a number after a word that places it in time is a time of day: "(ages 4–6)" after "by 16:30" is not.
    if (like.cls === 'clock' && quantity.untimed) return quantity;
    const factor = like.cls === 'clock' ? 60 : like.value / like.raw;
    return { ...quantity, cls: like.cls, unit: like.unit, value: quantity.raw * factor };
  });
}

/** Which tokens belong to a quantity: their words ("hours", "公里") say what it measures, not what the claim is. */
function quantityCover(tokens: readonly Token[], quantities: readonly Quantity[]): (Quantity | undefined)[] {
  const cover = new Array<Quantity | undefined>(tokens.length);
  let q = 0;
  tokens.forEach((token, i) => {
    while (q < quantities.length && quantities[q]!.end <= token.start) q++;
    const quantity = quantities[q];
    cover[i] =
      quantity !== undefined && token.start >= quantity.start && token.end <= quantity.end ? quantity : undefined;
  });
  return cover;
}

const LEADING_ZERO = /^0\d/;
/** A Chinese clause that opens with a requirement ("，需提前通过微信公众号预约") sets it on what the clause before names. */
const HAN_RULE_OPENER = /^(?:需(?!求)|须(?!知)|必须|无需|不需)/u;
const ELLIPTIC_OPENERS = new Set(['and', 'or', 'but', 'while', 'whereas', 'whilst', '而', '但']);
const ELLIPTIC_TERMS = 3;
/** "…, when Marco Rossi replaced her" says a claim of its own: it leaves nothing of the clause before unsaid. */
const SUBORDINATORS = new Set(['when', 'where', 'because', 'if', 'since', 'until', 'unless', 'who', 'which', 'whose']);

/** The words an elliptic clause leaves unsaid, from the clause before it: see `Clause.context` and `kept`. */
function addContext(
  clauses: Clause[],
  firstTokens: readonly number[],
  tokens: readonly Token[],
  source: boolean,
): void {
  clauses.forEach((clause, i) => {
    const previous = clauses[i - 1];
    const opener = tokens[firstTokens[i]!];
    const before = tokens[firstTokens[i]! - 1];
    const elliptic =
      previous !== undefined &&
      ((clause.terms.length <= ELLIPTIC_TERMS &&
        (opener === undefined ||
          ELLIPTIC_OPENERS.has(opener.lower) ||
          (before?.kind === 'break' && !SUBORDINATORS.has(opener.lower)))) ||
        (leavesSubjectUnsaid(tokens, firstTokens[i]!) && !RUNS_ON.test(clause.text)) ||
        (before?.kind === 'break' && HAN_RULE_OPENER.test(clause.text)));
    if (!elliptic) return;
    const context = new Set<string>();
    const kept = new Set<string>();
    // Terms are in text order.
    previous.terms.forEach((term, at) => {
      if (clause.termSet.has(term.term)) return;
      context.add(term.term);
      if (at >= clause.terms.length) kept.add(term.term);
    });
    clause.context = context;
    clause.kept = kept;
    if (source) denyElidedPredicate(clause, previous, tokens, firstTokens[i]!, firstTokens[i + 1] ?? tokens.length);
  });
}

/**
 * "Photography is permitted in the galleries, but flash and tripods are not": a source clause that ends on a denied
 * auxiliary says the clause before's predicate, denied, of its own subject. The predicate's words (all but the clause
 * before's subject) are read as the clause's own, denied. An answer's ("the Pro plan includes phone support, but the
 * Basic plan doesn't") is not read so: it would be set against whatever the source says the Basic plan includes.
 */
function denyElidedPredicate(
  clause: Clause,
  previous: Clause,
  tokens: readonly Token[],
  from: number,
  to: number,
): void {
  let last = to - 1;
  while (last > from && tokens[last]!.kind === 'break') last--;
  const denial = tokens[last];
  const auxiliary = tokens[last - 1];
  if (denial === undefined || auxiliary === undefined || last - 1 < from) return;
  const contracted = denial.lower.endsWith("n't") || denial.lower.endsWith('n’t');
  if (!(contracted || (denial.lower === 'not' && PREDICATE_OPENERS.has(auxiliary.lower)))) return;
  // "… is not allowed, but Y is" says the other way round; it is not read here.
  if (previous.terms.some((term) => term.denied)) return;
  // The subject is the clause before's first word, with the names written right after it ("Kitchen staff").
  let subject = 1;
  while (subject < previous.terms.length && previous.terms[subject]!.name) subject++;
  for (const term of previous.terms.slice(subject)) {
    if (clause.termSet.has(term.term)) continue;
    clause.terms.push({ ...term, denied: !term.inverted, cue: 1, start: denial.start, end: denial.end });
    (clause.termSet as Set<string>).add(term.term);
  }
  clause.saying = sayingOf(clause.terms, clause.quantities);
}

/**
 * Whether a clause goes on from the one before with a verb and no subject of its own: "…, but are banned on the North
 * Loop" says its verb of the bikes the clause before names, however many words it adds.
 */
function leavesSubjectUnsaid(tokens: readonly Token[], first: number): boolean {
  const opener = tokens[first];
  const next = tokens[first + 1];
  return (
    opener !== undefined &&
    next !== undefined &&
    ELLIPTIC_OPENERS.has(opener.lower) &&
    PREDICATE_OPENERS.has(next.lower)
  );
}

/** A full stop inside a clause ends a sentence the segmenter ran on ("… files. git pull does both"). */
const RUNS_ON = /[.!?]\s/;

/** No words: what a clause that leaves none unsaid shares. */
const NO_TERMS: ReadonlySet<string> = new Set();
const NO_CUES: readonly number[] = [];

const SWITCH_VERBS = new Set(
  'switch switches switched switching turn turns turned turning power powers powered powering toggle toggled set'.split(
    ' ',
  ),
);
const RELATIVE_WORDS = new Set(['that', 'who']);
/** The words a clause can be opened by in `opensClause`. */
const JOINING_WORDS: ReadonlySet<string> = new Set([...RELATIVE_WORDS, ...LIST_WORDS, ...CLAUSE_WORDS]);
const AUXILIARIES = new Set([
  'is',
  'was',
  'are',
  'were',
  'has',
  'have',
  'had',
  'will',
  'can',
  'could',
  'would',
  'should',
  'may',
  'must',
]);

/**
 * Token ranges [from, to) of the clauses: at , ; : ( ), at words that open a new clause, at "that was …" and
 * "and is …", at "and"/"or" before a second number with words between ("52 dB at full load and 38 dB in night
 * mode"), and at an "and" that gaps its verb ("on Tuesdays and recycling on Fridays", see `gapped`).
 */
function splitClauses(tokens: readonly Token[], quantityAt: readonly (Quantity | undefined)[]): [number, number][] {
  const ranges: [number, number][] = [];
  let from = 0;
  const close = (to: number) => {
    if (to > from) ranges.push([from, to]);
  };
  let lastQuantityEnd = -1;
  let wordsSinceQuantity = 0;
  tokens.forEach((token, i) => {
    const next = tokens[i + 1];
    const quantity = quantityAt[i];
    if (quantity) {
      // A word inside a value ("two and a half hours") opens no clause.
      if (quantityAt[i - 1] === quantity) return;
      lastQuantityEnd = quantity.end;
      wordsSinceQuantity = 0;
    } else if (token.kind === 'word' && lastQuantityEnd >= 0 && !FUNCTION_WORDS.has(token.lower)) wordsSinceQuantity++;
    if (!opensClause(token, i, next, quantityAt, wordsSinceQuantity) && !gapped(tokens, i, quantityAt)) return;
    if (endsSpan(tokens, i) || listsValues(tokens, i, quantityAt)) return;
    close(i);
    from = token.kind === 'break' ? i + 1 : i;
  });
  close(tokens.length);
  return ranges.length > 0 ? ranges : [[0, tokens.length]];
}

/**
 * Whether the i-th token is a comma in a list of values of one kind: "departs at 10:00, 13:00 and 15:30" lists the times
 * of one clause, each said of the same thing. The list goes on after the second value with a comma, "and" or "or" and
 * a third; bare numbers and versions are not listed ("on Windows 8.1, 5.4 is the last"). Two days of the week joined
 * by "and" or "or" are one list too.
 */
function listsValues(tokens: readonly Token[], i: number, quantityAt: readonly (Quantity | undefined)[]): boolean {
  const before = quantityAt[i - 1];
  const after = quantityAt[i + 1];
  // "on Mondays and Wednesdays": two days joined, one list.
  const word = tokens[i]!.lower;
  if (word === 'and' || word === 'or') return before?.cls === 'weekday' && after?.cls === 'weekday';
  if (tokens[i]!.text !== ',') return false;
  if (before === undefined || after === undefined || after.start !== tokens[i + 1]!.start) return false;
  if (!comparable(before, after) || before.cls === 'bare' || before.cls.startsWith('version:')) return false;
  let at = i + 1;
  while (quantityAt[at] === after) at++;
  const joint = tokens[at];
  const third = quantityAt[at + 1];
  return (
    joint !== undefined &&
    (joint.text === ',' || joint.lower === 'and' || joint.lower === 'or') &&
    third !== undefined &&
    third !== after &&
    comparable(after, third)
  );
}

/** Whether the i-th token is the "and" of "between April and October": the span's second end, not a clause. */
function endsSpan(tokens: readonly Token[], i: number): boolean {
  if (tokens[i]!.lower !== 'and') return false;
  // The span's second end is a number or a name: "and September", "and 3,500 km", "and Lyon".
  const end = tokens[i + 1];
  if (end === undefined || (end.kind !== 'number' && !startsUpper(end.text))) return false;
  for (let at = i - 1; at >= 0 && at >= i - SPAN_WORDS; at--) {
    // A span has one "and": "between June and August and …" opens a clause at the second.
    if (tokens[at]!.kind === 'break' || tokens[at]!.lower === 'and') return false;
    if (tokens[at]!.lower === 'between') return true;
  }
  return false;
}

/** The most tokens "between" stands before its "and": "between 1 May and", "between the two cities and". */
const SPAN_WORDS = 4;

/**
 * "and" right after a value, before a few words and a value of the same kind: "General waste is collected on
 * Tuesdays and recycling on Fridays", "closed on Mondays and open from Tuesday to Sunday". The words name another
 * thing, or another state, with its own value: a clause of its own, its verb left unsaid. A verb of its own ("and
 * recovered in 1913", "and moved inland early on 4 May"), or the same thing said again ("and again at 20:00"), goes on
 * about the same subject; a determiner opens a clause anyway ("and the tram €2").
 */
function gapped(tokens: readonly Token[], i: number, quantityAt: readonly (Quantity | undefined)[]): boolean {
  const token = tokens[i]!;
  if (token.kind !== 'word' || token.lower !== 'and') return false;
  const before = quantityAt[i - 1];
  if (before === undefined) return false;
  for (let at = i + 1, words = 0; at < tokens.length && words <= GAPPED_WORDS; at++) {
    const quantity = quantityAt[at];
    if (quantity !== undefined) {
      return words > 0 && quantity !== before && comparable(before, quantity);
    }
    const word = tokens[at]!;
    // What the thing is, in brackets, names it no further: "and green bins (food and garden waste) every Friday".
    if (word.text === '(' || word.text === '（') {
      at = closingBracket(tokens, at);
      continue;
    }
    if (word.kind !== 'word' || AUXILIARIES.has(word.lower) || SAID_AGAIN.has(word.lower) || /ed$/.test(word.lower)) {
      return false;
    }
    words++;
  }
  return false;
}

/** The index of the bracket closing the one at `open`, or the last token when it is not closed. */
function closingBracket(tokens: readonly Token[], open: number): number {
  for (let at = open + 1; at < tokens.length; at++)
    if (tokens[at]!.text === ')' || tokens[at]!.text === '）') return at;
  return tokens.length - 1;
}

/**
 * Words after "and" that say the same thing again or in turn ("and again at 20:00", "and then at 7:45") or a verb of
 * its own ("and recovered in 1913"): not another thing with its own value.
 */
const SAID_AGAIN = new Set(['again', 'then', 'also', 'later', 'once', 'still', 'back', 'thereafter', 'afterwards']);
/** The most words a clause without its verb names its thing with, before its value: "and | general waste on | Fridays". */
const GAPPED_WORDS = 3;

/** Whether the i-th token opens a new clause: see `splitClauses`. */
function opensClause(
  token: Token,
  i: number,
  next: Token | undefined,
  quantityAt: readonly (Quantity | undefined)[],
  wordsSinceQuantity: number,
): boolean {
  // A quotation mark quotes a name ("通过“绿色回收”小程序预约"): it opens no clause.
  if (token.kind === 'break') return !'、()（）"“”'.includes(token.text);
  if (token.kind === 'han') return HAN_CLAUSE.has(token.text) && i > 0;
  // Only a word that joins clauses can open one: most words are told with one look-up.
  if (token.kind !== 'word' || !JOINING_WORDS.has(token.lower)) return false;
  const nextIsQuantity = next !== undefined && quantityAt[i + 1]?.start === next.start;
  return (
    (RELATIVE_WORDS.has(token.lower) && AUXILIARIES.has(next?.lower ?? '')) ||
    // "opens at 10:00 and is closed on Mondays": a second verb of the same subject says a claim of its own.
    (LIST_WORDS.has(token.lower) && AUXILIARIES.has(next?.lower ?? '')) ||
    (LIST_WORDS.has(token.lower) && nextIsQuantity && wordsSinceQuantity > 0) ||
    CLAUSE_WORDS.has(token.lower) ||
    (LIST_WORDS.has(token.lower) &&
      next !== undefined &&
      (OPENS_CLAUSE.has(next.lower) || (next.kind === 'word' && startsUpper(next.text))))
  );
}

/**
 * "on" and "off" right after a verb that switches ("switched off", "turn it on" is not read): a state the claim
 * states, opposite to each other, though elsewhere they are words without a claim.
 */
function switchState(tokens: readonly Token[], i: number): 'on' | 'off' | undefined {
  const lower = tokens[i]!.lower;
  if (lower !== 'on' && lower !== 'off') return undefined;
  const previous = tokens[i - 1];
  if (previous?.kind !== 'word' || !SWITCH_VERBS.has(previous.lower)) return undefined;
  // "can be switched off" says what may be done, not the state it is in.
  const modal = tokens[i - 2]?.lower === 'be' ? tokens[i - 3]?.lower : undefined;
  return modal !== undefined && POSSIBILITY.has(modal) ? undefined : lower;
}

const POSSIBILITY: ReadonlySet<string> = new Set(['can', 'could', 'may', 'might']);

/** Denials of a phrase: what they deny ends where the clause goes on to say something of the phrase. */
const PHRASE_DENIALS: ReadonlySet<string> = new Set(['without']);
/** Words that end the noun "no" denies and go on to what it is for or where: "no fee for large bags". */
const NOUN_PHRASE_ENDS: ReadonlySet<string> = new Set(['for', 'on', 'at', 'in']);
/** Words that open what a clause says of its subject: a phrase's denial does not reach past them. */
const PREDICATE_OPENERS: ReadonlySet<string> = new Set(
  'is are was were be been must may might can could will would should shall has have had do does did need needs'.split(
    ' ',
  ),
);

/**
 * Whether the word at `i` reads as a verb said of the noun before it: a word in -s after a word that is neither in -s
 * nor a determiner ("notice incurs", "extension loses"), not a plural a determiner or a number opens ("any fees", "two
 * forms").
 */
function verbAfterNoun(tokens: readonly Token[], i: number, inQuantity: readonly (Quantity | undefined)[]): boolean {
  const token = tokens[i]!;
  const before = tokens[i - 1];
  if (token.kind !== 'word' || before?.kind !== 'word' || inQuantity[i] !== undefined) return false;
  if (!THIRD_PERSON.test(token.lower) || before.lower.endsWith('s') || DETERMINERS.has(before.lower)) return false;
  return inQuantity[i - 1] === undefined || tokens[i - 1]!.end === inQuantity[i - 1]!.end;
}

const THIRD_PERSON = /^[a-z]{3,}[^s']s$/;
const DETERMINERS: ReadonlySet<string> = new Set(
  'a an the any some no its their your our my his her both all each every many several other these those of'.split(' '),
);

/** Whether the word after "and" at `i` opens a predicate of its own: a verb of being or a modal, or a verb and its value. */
function opensOwnPredicate(
  tokens: readonly Token[],
  i: number,
  inQuantity: readonly (Quantity | undefined)[],
): boolean {
  const next = tokens[i + 1];
  if (next === undefined) return false;
  if (PREDICATE_OPENERS.has(next.lower)) return true;
  return next.kind === 'word' && inQuantity[i + 1] === undefined && inQuantity[i + 2] !== undefined;
}

/**
 * A name a count takes for its noun is still said: "two SIM-only plans", "3 Canon printers" name SIM-only and Canon
 * as well as counting.
 */
function namesCounted(token: Token, quantity: Quantity): boolean {
  return quantity.cls.startsWith('count:') && token.start > quantity.start && nameShaped(token.text);
}

/**
 * The last token of "at no cost", "at no extra charge", "for no fee" from its "no" at `i`; `i` itself where none stands
 * there. "No fee is charged for …" keeps its denial: it says what is not done.
 */
function freeOfCost(tokens: readonly Token[], i: number, to: number): number {
  // "you don't pay for hand luggage", "children do not pay": free, as "Hand luggage is free" says it. Not "don't pay
  // late" or "don't pay by cheque", which deny how; only what follows "for", or nothing, is had free.
  if (PAY.has(tokens[i + 1]?.lower ?? '') && isNegationWord(tokens[i]!.lower)) {
    const after = tokens[i + 2];
    if (i + 2 >= to || after?.kind !== 'word' || after.lower === 'for' || after.lower === 'anything') return i + 1;
  }
  // "park for nothing": free.
  if (tokens[i]!.lower === 'for' && i + 1 < to && tokens[i + 1]!.lower === 'nothing') return i + 1;
  // "costs you nothing", "will cost nothing": free.
  if (COST_VERBS.has(tokens[i]!.lower)) {
    const k = OBJECT_PRONOUNS.has(tokens[i + 1]?.lower ?? '') ? i + 2 : i + 1;
    return k < to && tokens[k]!.lower === 'nothing' ? k : i;
  }
  if (tokens[i]!.lower !== 'no' || !COST_PREPOSITIONS.has(tokens[i - 1]?.lower ?? '')) return i;
  let k = i + 1;
  if (k < to && COST_EXTRAS.has(tokens[k]!.lower)) k++;
  return k < to && COSTS.has(tokens[k]!.lower) ? k : i;
}

/** A word said plainly over the tokens `first` to `last`: the word an idiom stands for. */
function plainTerm(word: string, first: Token, last: Token): ClauseTerm {
  const sense = wordSense(word);
  return {
    term: sense.term,
    denied: sense.inverted,
    cue: 0,
    inverted: sense.inverted,
    name: false,
    initialCapital: false,
    lower: word,
    start: first.start,
    end: last.end,
  };
}

const COST_EXTRAS: ReadonlySet<string> = new Set(['extra', 'additional']);
/** "fee-free", "charge-free", "commission-free": one word for free of a cost. */
const FREE_OF_COST = /^(?:fee|fees|charge|cost|commission)-free$/;
const COST_VERBS: ReadonlySet<string> = new Set(['cost', 'costs', 'costing']);
const OBJECT_PRONOUNS: ReadonlySet<string> = new Set(['you', 'us', 'them', 'him', 'her', 'me']);
const COST_PREPOSITIONS: ReadonlySet<string> = new Set(['at', 'for', 'with']);
const COSTS: ReadonlySet<string> = new Set(['cost', 'charge', 'fee']);
const PAY: ReadonlySet<string> = new Set(['pay', 'pays']);

const TIME_SIDES: ReadonlySet<string> = new Set(['before', 'after']);
const PRICED: ReadonlySet<string> = new Set(['charge', 'cost']);
const ANAPHORS: ReadonlySet<string> = new Set(['that', 'this', 'then', 'which']);

/**
 * "never … before": a first time, not a denial of what lies between. The "before" ends what is denied: the clause
 * ends there or goes on with its verb ("who have never had a flu vaccine before need two doses"); "never open the
 * doors before the train has stopped" denies opening them before a time.
 */
function firstTime(tokens: readonly Token[], i: number, to: number): boolean {
  if (tokens[i]!.lower !== 'never') return false;
  for (let k = i + 1; k < Math.min(to, i + FIRST_TIME_REACH); k++) {
    if (tokens[k]!.lower !== 'before') continue;
    const next = tokens[k + 1];
    return k + 1 >= to || next?.kind !== 'word' || PREDICATE_OPENERS.has(next.lower);
  }
  return false;
}

const FIRST_TIME_REACH = 8;

/**
 * The state an idiom ends in, as the word that says it plainly: "leaves the schema as it is" and "leave it alone"
 * say "unchanged", "the room-only rate leaves it out" says "excluded". The idiom's last word stands for that word.
 */
function idiomState(tokens: readonly Token[], i: number, from: number, to: number): string | undefined {
  const lower = tokens[i]!.lower;
  let state: string | undefined;
  if (lower === 'alone') state = 'unchanged';
  else if (lower === 'out' && tokens[i + 1]?.lower !== 'of') state = 'excluded';
  else if (AS_IT_IS.has(lower) && AS_IT_IS_SUBJECTS.has(tokens[i - 1]?.lower ?? '') && tokens[i - 2]?.lower === 'as')
    state = 'unchanged';
  if (state === undefined) return undefined;
  // The idiom ends its clause or its part: "as it is revalidated" goes on to say something else.
  if (i + 1 < to && tokens[i + 1]!.kind === 'word' && !ELLIPTIC_OPENERS.has(tokens[i + 1]!.lower)) return undefined;
  for (let k = i - 1; k >= Math.max(from, i - IDIOM_REACH); k--) if (LEAVING.has(tokens[k]!.lower)) return state;
  return undefined;
}

/**
 * A phrasal verb that says a thing is not done, as the word that says it plainly: "hold off on vitamin supplements",
 * "steer clear of alcohol" and "stay away from the cliff edge" say "avoid". Its last word stands for that word.
 */
function avoidance(tokens: readonly Token[], i: number): string | undefined {
  const verbs = AVOIDING.get(tokens[i]!.lower);
  return verbs?.has(tokens[i - 1]?.lower ?? '') ? 'avoid' : undefined;
}

const HOLD = ['hold', 'holds', 'held', 'holding'];
const KEEP = ['keep', 'keeps', 'kept', 'keeping'];
const STAY = ['stay', 'stays', 'stayed', 'staying'];
const STEER = ['steer', 'steers', 'steered', 'steering'];
/** Each phrase's last word, with the forms of the verbs it follows. */
const AVOIDING: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['off', new Set(HOLD)],
  ['clear', new Set([...STEER, ...KEEP, ...STAY])],
  ['away', new Set([...STAY, ...KEEP])],
]);

const LEAVING: ReadonlySet<string> = new Set(['leave', 'leaves', 'left', 'leaving', 'keep', 'keeps', 'kept']);
const AS_IT_IS: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were']);
const AS_IT_IS_SUBJECTS: ReadonlySet<string> = new Set(['it', 'they', 'them']);
/** How many tokens before the idiom's last word its verb may stand: "leaves your whole database schema as it is". */
const IDIOM_REACH = 8;

function clauseOf(
  tokens: readonly Token[],
  [from, to]: [number, number],
  quantities: readonly Quantity[],
  inQuantity: readonly (Quantity | undefined)[],
  hanWordsAt: ReadonlyMap<number, HanWords>,
): Clause {
  const terms: ClauseTerm[] = [];
  let denyLeft = 0;
  let cue = 0;
  let phraseDenial = false;
  let nounDenial = false;
  let phraseDenials: number[] | undefined;
  let boundAt = -1;
  const hanSentence = from === 0 && tokens.some((token) => token.kind === 'han');
  for (let i = from; i < to; i++) {
    const token = tokens[i]!;
    if (token.kind === 'han') {
      i = hanRun(tokens, i, to, inQuantity, hanWordsAt.get(i)!, terms) - 1;
      continue;
    }
    if (token.kind !== 'word' || (inQuantity[i] && !namesCounted(token, inQuantity[i]!))) continue;
    // "as many as 200", "as much as 20 kg": the comparison bounds the number, as "up to" does, and says no word.
    if (boundsByComparison(tokens, i, inQuantity)) continue;
    // "around 45 minutes", "roughly £20": the word makes the number approximate, and says nothing of its own.
    if (APPROXIMATELY.has(token.lower) && inQuantity[i + 1] !== undefined) continue;
    // "at no cost", "at no extra charge": free, as "free of charge" says it.
    const freeInOneWord = FREE_OF_COST.test(token.lower);
    const free = freeInOneWord ? i : freeOfCost(tokens, i, to);
    if (freeInOneWord || free > i) {
      terms.push(plainTerm('free', tokens[i]!, tokens[free]!));
      i = free;
      continue;
    }
    if (isNegationWord(token.lower)) {
      // "no more than 5 days", "not later than 31 March": a bound on the value, as "at most" is, not a denial of the
      // words after it.
      const bounded = deniedComparison(tokens, i, inQuantity);
      if (bounded >= 0) {
        boundAt = bounded;
        continue;
      }
      // "who have never had a flu vaccine before need two doses" speaks of a first time, as a claim says it.
      if (firstTime(tokens, i, to)) continue;
      denyLeft = NEGATION_REACH;
      cue++;
      nounDenial = token.lower === 'no';
      phraseDenial = PHRASE_DENIALS.has(token.lower);
      if (phraseDenial) (phraseDenials ??= []).push(cue);
      continue;
    }
    // "goes back to nothing when a new year begins": what follows says when, not what is denied. "are not covered by
    // this policy and need a separate policy", "are not included and cost £35 each": a second verb says something of
    // its own, or gives its own value.
    if (isDenialBoundary(token.lower) || (token.lower === 'and' && opensOwnPredicate(tokens, i, inQuantity)))
      denyLeft = 0;
    // "Photography without flash is permitted": "without" denies its own phrase, not what the clause then says of it.
    // "A missed appointment without 24 hours' notice incurs a £35 charge": nor past the verb its noun is the subject of.
    if (phraseDenial && (PREDICATE_OPENERS.has(token.lower) || verbAfterNoun(tokens, i, inQuantity))) denyLeft = 0;
    // "charges no fee for large bags": "no" denies its noun, not what the noun is for.
    if (nounDenial && NOUN_PHRASE_ENDS.has(token.lower)) denyLeft = 0;
    const state = switchState(tokens, i);
    if (state !== undefined) {
      const denied = denyLeft > 0;
      if (denyLeft > 0) denyLeft--;
      const off = state === 'off';
      terms.push({
        term: 'on',
        denied: denied !== off,
        cue: denied ? cue : 0,
        inverted: off,
        name: false,
        initialCapital: false,
        lower: token.lower,
        start: token.start,
        end: token.end,
      });
      continue;
    }
    // "no more than" is read as "at most" says it, "no less than" as "at least".
    let idiom =
      i === boundAt ? (UPPER_COMPARATIVES.has(token.lower) ? 'most' : 'least') : idiomState(tokens, i, from, to);
    if (idiom === undefined && (idiom = avoidance(tokens, i)) !== undefined) {
      // The phrase's verb is read with its last word, as one word: "hold off on" is "avoid", not "hold" and "avoid".
      if (terms.at(-1)?.start === tokens[i - 1]!.start) terms.pop();
    }
    if (idiom === undefined && (FUNCTION_WORDS.has(token.lower) || token.lower.length < 2) && !letterName(tokens, i))
      continue;
    // "Cancel after that": a time set against one the text said before, not against any the other text names. It is
    // a word of its own, compared only with another "before that" or "after that".
    const anaphoric = TIME_SIDES.has(token.lower) && ANAPHORS.has(tokens[i + 1]?.lower ?? '');
    // "free of charge" says "free" once: its charge is the cost it denies.
    if (PRICED.has(token.lower) && tokens[i - 1]?.lower === 'of' && tokens[i - 2]?.lower === 'free') continue;
    // "upgrade the RAM later on": at some time to come, not later than anything ("later on Sundays" is later).
    if (token.lower === 'later' && tokens[i + 1]?.lower === 'on' && (i + 2 >= to || tokens[i + 2]!.kind !== 'word'))
      continue;
    const lower = withoutPossessive(token.lower);
    const sense = wordSense(idiom ?? lower);
    // Chinese writes no capital to open a sentence: a capital Latin word there is a name wherever it stands.
    const first = i === 0 && !hanSentence;
    const capital = startsUpper(token.text);
    const name = nameShaped(token.text) || (capital && !first);
    // A name of two capitalised words opening the sentence ("Basic Savings members pay …", "Open Day tickets …") is
    // read as the name, not as its first word's sense: "Basic" there says no opposite of "acid".
    const opensName =
      first && capital && !name && startsUpper(tokens[i + 1]?.text ?? '') && tokens[i + 1]?.kind === 'word';
    const plain = name || (opensName && sense.inverted);
    const denied = denyLeft > 0;
    if (denyLeft > 0) denyLeft--;
    terms.push({
      term: plain ? lower : anaphoric ? `${sense.term}·that` : sense.term,
      denied: denied !== (!plain && sense.inverted),
      cue: denied ? cue : 0,
      inverted: !plain && sense.inverted,
      name,
      initialCapital: first && capital && !name,
      lower,
      start: token.start,
      end: token.end,
    });
  }
  const start = tokens[from]?.start ?? 0;
  const end = tokens[to - 1]?.end ?? start;
  const own = quantities.filter((quantity) => quantity.start >= start && quantity.end <= end);
  // A product named by a number (三年期, a one-year term) is what the clause is about, like a name.
  for (const quantity of own) {
    if (!quantity.cls.startsWith('term:')) continue;
    const lower = quantity.text.toLowerCase();
    const term: ClauseTerm = {
      term: lower,
      denied: false,
      cue: 0,
      inverted: false,
      name: true,
      initialCapital: false,
      lower,
      start: quantity.start,
      end: quantity.end,
    };
    terms.splice(terms.findIndex((t) => t.start > quantity.start) >>> 0, 0, term);
  }
  return {
    start,
    end,
    text: '',
    holdsHan: false,
    terms,
    termSet: termsOf(terms),
    quantities: own,
    subject: terms[0]?.term,
    context: NO_TERMS,
    kept: NO_TERMS,
    phraseDenials: phraseDenials ?? NO_CUES,
    saying: sayingOf(terms, own),
    notes: [],
  };
}

function termsOf(terms: readonly ClauseTerm[]): Set<string> {
  const set = new Set<string>();
  for (const term of terms) set.add(term.term);
  return set;
}

function sayingOf(terms: readonly ClauseTerm[], quantities: readonly Quantity[]): string {
  let key = '';
  for (const term of terms) key += `${term.denied ? '!' : ''}${term.term} `;
  for (const quantity of quantities) key += `|${quantity.cls}=${quantity.text}`;
  return key;
}

/**
 * Where the comparison of "no more than 5", "not later than 31 March", "do not take more than 8", "can't weigh more
 * than 23 kg" stands, when the i-th token, a denial, is its denial: a bound on a value, said with a denial, not a denial of the
 * words after it. -1 otherwise; before no value ("no longer than on the standard model") the denial denies.
 */
function deniedComparison(tokens: readonly Token[], i: number, inQuantity: readonly (Quantity | undefined)[]): number {
  for (let at = i + 1; at <= i + 1 + BOUND_VERB_WORDS; at++) {
    const token = tokens[at];
    if (token?.kind !== 'word' || inQuantity[at] !== undefined) return -1;
    // "more than 8", or "over 8", "exceed 4 doses" without "than".
    const than = BOUND_COMPARATIVES.has(token.lower) && tokens[at + 1]?.lower === 'than';
    if (!than && !BOUND_WORDS_ALONE.has(token.lower)) continue;
    let valueAt = than ? at + 2 : at + 1;
    // "no more than about 1.5 metres": a word of approximation stands between the bound and its value.
    if (APPROXIMATELY.has(tokens[valueAt]?.lower ?? '') && inQuantity[valueAt + 1] !== undefined) valueAt++;
    const value = tokens[valueAt];
    const quantity = inQuantity[valueAt];
    // "no more than every 4 hours" bounds how often, the other way from how long: left to the denial's reading.
    const bound =
      value !== undefined && quantity?.cls !== 'period' && (quantity !== undefined || NUMBER_WORDS.has(value.lower));
    if (bound) return at;
    // "can't carry over more than five days": the "over" of a verb bounds nothing; the comparison may come after it.
    if (!than) continue;
    return -1;
  }
  return -1;
}

const APPROXIMATELY: ReadonlySet<string> = new Set(['about', 'around', 'roughly', 'approximately', 'some']);

/** Words a denial makes an upper bound of ("no more than", "no later than", "never over"); the others a lower one. */
const UPPER_COMPARATIVES: ReadonlySet<string> = new Set([...UPPER_AMOUNTS, ...LATER_MOMENTS, ...UPPER_WITHOUT_THAN]);
/** Words that bound the value right after them without "than": "never take over 8", "do not exceed 4 doses". */
const BOUND_WORDS_ALONE: ReadonlySet<string> = new Set([...UPPER_WITHOUT_THAN, ...LOWER_WITHOUT_THAN]);
/** Comparisons said with "than". */
const BOUND_COMPARATIVES: ReadonlySet<string> = new Set([
  ...UPPER_AMOUNTS,
  ...LOWER_AMOUNTS,
  ...LATER_MOMENTS,
  ...EARLIER_MOMENTS,
]);

/**
 * The terms of a run of Chinese characters: its words, and pairs of the characters the dictionary leaves alone, each
 * denied when a denial stands just before it.
 */
function hanRun(
  tokens: readonly Token[],
  from: number,
  to: number,
  inQuantity: readonly (Quantity | undefined)[],
  { starts, alone }: HanWords,
  terms: ClauseTerm[],
): number {
  let end = from;
  while (end < to && tokens[end]!.kind === 'han') end++;
  const chars: string[] = [];
  for (let k = from; k < end; k++) chars.push(tokens[k]!.text);
  const denials: number[] = [];
  // How far each denial reaches, told once a denial: 不 reaches the next few characters, 并非 a whole predicate.
  const reach: number[] = [];
  for (let k = 0; k < chars.length; k++) {
    if (!hanNegationAt(chars, k)) continue;
    denials.push(k);
    reach.push(hanNegationReach(chars, k));
  }
  // Told once for each character, which is asked up to three times: for itself and beside each neighbour.
  const usable: boolean[] = [];
  for (let k = 0; k < chars.length; k++) {
    usable.push(!hanFunctionAt(chars, k) && !inQuantity[from + k] && !denials.includes(k));
  }
  // Each pair of usable characters and its sense, told once: a pair is read as a term and asked of beside each
  // of its characters.
  const pairs: (string | undefined)[] = [];
  const pairSenses: (TermSense | undefined)[] = [];
  for (let k = 0; k < chars.length; k++) {
    const pair = usable[k] && usable[k + 1] === true ? chars[k]! + chars[k + 1]! : undefined;
    pairs.push(pair);
    pairSenses.push(pair === undefined ? undefined : hanSense(pair));
  }
  const push = (k: number, length: number) => {
    const text =
      length === 1 ? chars[k]! : length === 2 ? chars[k]! + chars[k + 1]! : chars.slice(k, k + length).join('');
    const sense = length === 2 && pairs[k] !== undefined ? pairSenses[k] : hanSense(text);
    const inverted = sense?.inverted ?? false;
    const denial = denialBefore(denials, reach, k);
    const denied = denial !== undefined;
    terms.push({
      term: sense?.term ?? text,
      denied: denied !== inverted,
      cue: denied ? from + denial + 1 : 0,
      inverted,
      name: false,
      initialCapital: false,
      lower: text,
      start: tokens[from + k]!.start,
      end: tokens[from + k + length - 1]!.end,
    });
  };
  // A word of the dictionary is one term. A character the dictionary leaves alone is read in a pair with each
  // character beside it, as a word it lacks may be either pair; two words side by side make no pair.
  const pairedAcross = (k: number) =>
    usable[k] === true &&
    usable[k + 1] === true &&
    starts[k + 1] === true &&
    (alone[k] === true || alone[k + 1] === true);
  for (let k = 0; k < chars.length; k++) {
    if (!usable[k]) continue;
    if (!alone[k] && (starts[k] || !usable[k - 1])) {
      // The word's usable characters from here: a denial or a number inside a word is not part of its term.
      let last = k;
      while (last + 1 < chars.length && usable[last + 1] && !starts[last + 1]) last++;
      push(k, last - k + 1);
    }
    if (pairedAcross(k)) push(k, 2);
    else if (alone[k] && !pairedAcross(k - 1)) push(k, 1);
    // A character of a pair whose sense is known says nothing more on its own: "关闭" is read once, as "关闭".
    const knownPair =
      pairSenses[k] !== undefined ||
      pairSenses[k - 1] !== undefined ||
      // A word such as 少儿 is read as one ("用少儿读者证"), unless its first character ends a word with the one before
      // it: in 至少年满 the 少 is 至少's.
      (hanCharWord(pairs[k]) && !endsHanWord(pairs[k - 1]));
    const opposite = knownPair ? undefined : hanCharSense(chars[k]!);
    if (opposite) {
      const denial = denialBefore(denials, reach, k);
      terms.push({
        term: `${opposite.term}·`,
        denied: (denial !== undefined) !== opposite.inverted,
        cue: denial === undefined ? 0 : from + denial + 1,
        inverted: opposite.inverted,
        name: false,
        initialCapital: false,
        lower: chars[k]!,
        start: tokens[from + k]!.start,
        end: tokens[from + k]!.end,
      });
    }
  }
  return end;
}

/**
 * The dictionary words of each run of Chinese characters in each sentence's clauses, by the index of the run's first
 * token: the runs `hanRun` reads, a run ending where its clause ends. A text's runs are segmented in one call: each
 * call costs more before its first word than a short run's words cost.
 */
function hanWordsOfSentences(sentences: readonly ReadSentence[]): Map<number, HanWords>[] {
  const at: { sentence: number; first: number }[] = [];
  const runs: string[][] = [];
  sentences.forEach(({ tokens, ranges }, sentence) => {
    for (const [from, to] of ranges) {
      for (let i = from; i < to; i++) {
        if (tokens[i]!.kind !== 'han') continue;
        const chars: string[] = [];
        at.push({ sentence, first: i });
        for (; i < to && tokens[i]!.kind === 'han'; i++) chars.push(tokens[i]!.text);
        runs.push(chars);
      }
    }
  });
  const words = sentences.map(() => new Map<number, HanWords>());
  if (runs.length === 0) return words;
  hanWordsOfRuns(runs).forEach((run, index) => words[at[index]!.sentence]!.set(at[index]!.first, run));
  return words;
}

/** The denial that reaches the k-th character of a run, if one does: the first within reach before it. */
function denialBefore(denials: readonly number[], reach: readonly number[], k: number): number | undefined {
  for (let i = 0; i < denials.length; i++) if (denials[i]! < k && k - denials[i]! <= reach[i]!) return denials[i];
  return undefined;
}

function boundsByComparison(
  tokens: readonly Token[],
  i: number,
  inQuantity: readonly (Quantity | undefined)[],
): boolean {
  return (
    AS_BOUND.has(tokens[i]!.lower) &&
    tokens[i - 1]?.lower === 'as' &&
    tokens[i + 1]?.lower === 'as' &&
    inQuantity[i + 2] !== undefined
  );
}

/**
 * A capital letter that finishes a name ("Plan A", "Route B", "Model X"): it tells the plan, the route or the model
 * from the others, as a number would, so it is a word of the claim, not the article "a" (nor the pronoun "I").
 */
function letterName(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i]!;
  const before = tokens[i - 1];
  // "A座", "B区", "C类": a capital written onto a Chinese word names which one.
  const after = tokens[i + 1];
  if (/^[A-Z]$/.test(token.text) && after?.kind === 'han' && after.start === token.end) return true;
  return (
    /^[A-HJ-Z]$/.test(token.text) &&
    before !== undefined &&
    before.kind === 'word' &&
    before.end < token.start &&
    /^[A-Z][a-z]/.test(before.text)
  );
}
