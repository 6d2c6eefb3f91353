import type { ClaimSentence, ClaimText, Clause, ClauseTerm } from './claim-profile.js';
import { Note } from './notes.js';
import { comparable, looselyCounted, sameQuantity, type Quantity } from './quantity.js';

/**
 * How a paragraph sentence lines up with a source: which source sentences hold its words (the window), and,
 * clause by clause, which source clause it speaks of (the binding), so that a number, a name or a denial is
 * checked against the clause it rests on rather than anywhere in the source.
 */

export interface Window {
  /** Indexes into the source's sentences, in source order. */
  sentences: number[];
  /** Weighted share of the sentence's terms and quantities found in the window, 0–1. */
  coverage: number;
}

export interface SourceClause {
  clause: Clause;
  sentence: number;
}

/** A name weighs more than a word: it is rarely reworded, and swapping it changes the claim. */
export const NAME_WEIGHT = 2;
export const QUANTITY_WEIGHT = 1.5;
/** A word a clause leaves unsaid, taken from the clause before it, binds half as strongly as its own. */
const CONTEXT_WEIGHT = 0.5;
/** A second source sentence joins the window only when it adds this much coverage. */
const WINDOW_GAIN = 0.2;
const MAX_WINDOW = 3;

export function isName(term: ClauseTerm, source: ClaimText): boolean {
  return term.name || (term.initialCapital && source.names.has(term.lower));
}

/** Whether `quantity` is held by the quantities given: the same value, or the same number of another kind. */
export function grounded(quantity: Quantity, held: readonly Quantity[]): boolean {
  return held.some(
    (other) =>
      sameQuantity(quantity, other) ||
      (!comparable(quantity, other) && looselyCounted(quantity, other) && other.raw === quantity.raw),
  );
}

/**
 * The source sentences that together hold most of the claim sentence. With `disputed`, a claim's value counts as held
 * by a sentence that gives a value of its kind, the same or not: how well a sentence that changes a value rests on
 * the source.
 */
export function alignWindow(claim: ClaimSentence, source: ClaimText, disputed = false): Window {
  let termCount = 0;
  for (const clause of claim.clauses) termCount += clause.terms.length;
  const quantities = claim.quantities;
  const items = termCount + quantities.length;
  const weights = new Array<number>(items);
  let total = 0;
  let k = 0;
  for (const clause of claim.clauses) {
    for (const term of clause.terms) total += weights[k++] = isName(term, source) ? NAME_WEIGHT : 1;
  }
  for (let q = 0; q < quantities.length; q++) total += weights[termCount + q] = QUANTITY_WEIGHT;
  if (total === 0 || source.sentences.length === 0) return { sentences: [], coverage: 0 };
  // The sentences that hold each item (the claim's terms, then its quantities), the items each sentence holds, and
  // the weight each sentence holds that the window does not yet: a term's sentences are looked up, not looked for
  // in every sentence. Weights are halves, so that sums and differences of them are exact.
  const holders: (readonly number[])[] = [];
  const itemsOf = new Array<number[] | undefined>(source.sentences.length);
  const gains = new Array<number>(source.sentences.length).fill(0);
  const hold = (s: number, k: number) => {
    (itemsOf[s] ??= []).push(k);
    gains[s]! += weights[k]!;
  };
  const holding = sentencesByTerm(source);
  k = 0;
  for (const clause of claim.clauses) {
    for (const term of clause.terms) {
      let sentences = holding.get(term.term) ?? NO_SENTENCES;
      if (sentences === NO_SENTENCES && clause.holdsHan && term.lower.length > 1 && HAN_WORD.test(term.lower))
        sentences = sentencesSaying(source, term.lower);
      holders.push(sentences);
      for (const s of sentences) hold(s, k);
      k++;
    }
  }
  for (let q = 0; q < quantities.length; q++) {
    const sentences: number[] = [];
    for (let s = 0; s < source.sentences.length; s++) {
      const held = source.sentences[s]!.quantities;
      if (grounded(quantities[q]!, held) || (disputed && held.some((other) => comparable(quantities[q]!, other))))
        sentences.push(s);
    }
    holders.push(sentences);
    for (const s of sentences) hold(s, termCount + q);
  }
  // Greedy: each round adds the sentence holding the most weight not yet held.
  const held = new Array<boolean>(items).fill(false);
  let heldCount = 0;
  const chosen: number[] = [];
  let sum = 0;
  // Once every item is held, no sentence can add anything.
  while (chosen.length < MAX_WINDOW && heldCount < items) {
    let best = -1;
    let bestGain = 0;
    for (let s = 0; s < itemsOf.length; s++) {
      if (itemsOf[s] === undefined || chosen.includes(s)) continue;
      if (gains[s]! > bestGain) {
        best = s;
        bestGain = gains[s]!;
      }
    }
    if (best < 0 || (chosen.length > 0 && bestGain / total < WINDOW_GAIN)) break;
    chosen.push(best);
    sum += bestGain;
    for (const item of itemsOf[best]!) {
      if (held[item]) continue;
      held[item] = true;
      heldCount++;
      for (const s of holders[item]!) gains[s]! -= weights[item]!;
    }
  }
  const coverage = sum / total;
  return { sentences: inOrder(chosen), coverage };
}

const NO_SENTENCES: readonly number[] = [];

/** A window's few sentence indexes, in source order (sorted in place, without the sort's own work array). */
function inOrder(indexes: number[]): number[] {
  for (let i = 1; i < indexes.length; i++) {
    const index = indexes[i]!;
    let j = i;
    for (; j > 0 && indexes[j - 1]! > index; j--) indexes[j] = indexes[j - 1]!;
    indexes[j] = index;
  }
  return indexes;
}

/** The sentences of a source that hold each term, in order: worked out once a source, read for every claim. */
function sentencesByTerm(source: ClaimText): ReadonlyMap<string, readonly number[]> {
  let found = termSentences.get(source);
  if (found === undefined) {
    found = indexByTerm(source.sentences, (sentence) => sentence.terms);
    termSentences.set(source, found);
  }
  return found;
}

/**
 * The source sentences whose text holds a Chinese word the source was read without: the dictionary may cut a
 * sentence's words otherwise than the claim's (`里程费` whole in one, `里程`, `费` in the other), and the word is
 * still said there.
 */
function sentencesSaying(source: ClaimText, word: string): readonly number[] {
  const found: number[] = [];
  source.sentences.forEach((sentence, s) => {
    if (sentence.holdsHan && sentence.text.includes(word)) found.push(s);
  });
  return found.length === 0 ? NO_SENTENCES : found;
}

const HAN_WORD = /^\p{Script=Han}+$/u;

const termSentences = new WeakMap<ClaimText, ReadonlyMap<string, readonly number[]>>();

/** For each term, the indexes of the source's clauses that say it, in order: worked out once a source. */
export function clausesWithTerm(source: ClaimText): ReadonlyMap<string, readonly number[]> {
  let found = clausesByTerm.get(source);
  if (found === undefined) {
    found = indexByTerm(source.clauses, ({ clause }) => clause.termSet);
    clausesByTerm.set(source, found);
  }
  return found;
}

const clausesByTerm = new WeakMap<ClaimText, ReadonlyMap<string, readonly number[]>>();

/** For each term, the indexes of the items that hold it, in order. */
function indexByTerm<T>(items: readonly T[], termsOf: (item: T) => Iterable<string>): Map<string, number[]> {
  const index = new Map<string, number[]>();
  items.forEach((item, i) => {
    for (const term of termsOf(item)) {
      const holding = index.get(term);
      if (holding === undefined) index.set(term, [i]);
      else holding.push(i);
    }
  });
  return index;
}

/**
 * The source's clauses that say a term of the claim clause or leave it unsaid (`Clause.context`), in source order:
 * the only ones the claim clause's coverage or binding score can be above nothing for. Found through a per-source
 * index of terms rather than by asking every clause.
 */
export function clausesNear(claim: Clause, source: ClaimText): SourceClause[] {
  const index = clausesSayingOrLeaving(source);
  const near = new Array<boolean>(source.clauses.length).fill(false);
  for (const term of claim.termSet) for (const c of index.get(term) ?? NO_SENTENCES) near[c] = true;
  return source.clauses.filter((_, c) => near[c]);
}

function clausesSayingOrLeaving(source: ClaimText): ReadonlyMap<string, readonly number[]> {
  let found = nearBySource.get(source);
  if (found === undefined) {
    const built = new Map<string, number[]>();
    const add = (term: string, c: number) => {
      const holding = built.get(term);
      if (holding === undefined) built.set(term, [c]);
      else if (holding.at(-1) !== c) holding.push(c);
    };
    source.clauses.forEach(({ clause }, c) => {
      for (const term of clause.termSet) add(term, c);
      for (const term of clause.context) add(term, c);
    });
    found = built;
    nearBySource.set(source, found);
  }
  return found;
}

const nearBySource = new WeakMap<ClaimText, ReadonlyMap<string, readonly number[]>>();

/** Every clause of the source, with its sentence. */
export function sourceClauses(source: ClaimText): readonly SourceClause[] {
  return source.clauses;
}

export interface BindingOptions {
  /** Terms of the claim clause left out of the binding (the term whose binding is being checked). */
  except?: ReadonlySet<string>;
  /** A shared term said with the other polarity counts half: "paid users" binds to "paid", not to "free". */
  polarity: boolean;
}

/**
 * How strongly a claim clause speaks of each source clause it is given: the shared terms, each weighted by how rare
 * it is among the source's clauses, plus a bonus when both are about the same first word. What depends on the claim
 * and the source alone (the terms left out, names, rarities) is worked out once, for the many source clauses a
 * claim clause is bound against.
 */
export function binder(claim: Clause, source: ClaimText, options: BindingOptions): (candidate: Clause) => number {
  const weighed: { term: string; denied: boolean; name: number; rarity: number }[] = [];
  for (const term of claim.terms) {
    if (options.except?.has(term.term)) continue;
    weighed.push({
      term: term.term,
      denied: term.denied,
      name: isName(term, source) ? NAME_WEIGHT : 1,
      rarity: 1 / (source.clauseFrequency.get(term.term) ?? 1),
    });
  }
  const subject = claim.subject !== undefined && !options.except?.has(claim.subject) ? claim.subject : undefined;
  return (candidate) => {
    let score = 0;
    for (const { term, denied, name, rarity } of weighed) {
      const own = candidate.termSet.has(term);
      if (!own && !candidate.context.has(term)) continue;
      const weight = name * (own ? 1 : CONTEXT_WEIGHT);
      const agrees = !options.polarity || saysWithPolarity(candidate, term, denied);
      // A word the claim denies and the candidate says plainly binds nothing: "its 3.10% rate isn't fixed" is not about
      // the account that "pays 4.25% fixed". Said plainly against a denial, a word still half binds.
      score += weight * rarity * (agrees ? 1 : denied ? 0 : 0.5);
    }
    if (subject !== undefined && subject === candidate.subject) score += 0.5;
    return score;
  };
}

/** Whether the clause says the term denied (or, when `denied` is false, plainly) in one of its places. */
function saysWithPolarity(clause: Clause, term: string, denied: boolean): boolean {
  const ways = polarities.get(clause) ?? polarities.set(clause, polaritiesOf(clause));
  return ((ways.get(term) ?? 0) & (denied ? DENIED : PLAIN)) !== 0;
}

const PLAIN = 1;
const DENIED = 2;

/** Each term of a clause, with the ways it is said: PLAIN, DENIED or both. */
function polaritiesOf(clause: Clause): ReadonlyMap<string, number> {
  const ways = new Map<string, number>();
  for (const term of clause.terms) ways.set(term.term, (ways.get(term.term) ?? 0) | (term.denied ? DENIED : PLAIN));
  return ways;
}

/** Each clause's terms and the ways it says them, worked out once: a source clause is bound against every claim. */
const polarities = new Note<ReadonlyMap<string, number>>();

/**
 * The share of a claim clause's terms that a source clause holds, counting the words it leaves unsaid (`context`),
 * or only those it most likely keeps (`kept`: see `Clause.kept`).
 */
export function clauseCoverage(
  claim: Clause,
  candidate: Clause,
  except?: ReadonlySet<string>,
  unsaid: 'context' | 'kept' = 'context',
): number {
  const left = candidate[unsaid];
  let total = 0;
  let held = 0;
  for (const term of claim.terms) {
    if (except?.has(term.term)) continue;
    total++;
    if (candidate.termSet.has(term.term) || left.has(term.term)) held++;
  }
  return total === 0 ? 0 : held / total;
}

/** How many words two sets of words have in common. */
export function sharedCount(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let count = 0;
  for (const word of a) if (b.has(word)) count++;
  return count;
}

/** The candidates that score highest, and that score; none when nothing binds. */
export function bestBound<T>(candidates: readonly T[], score: (candidate: T) => number): { best: T[]; score: number } {
  let top = 0;
  let best: T[] = [];
  for (const candidate of candidates) {
    const value = score(candidate);
    if (value > top + 1e-9) {
      top = value;
      best = [candidate];
    } else if (value > 0 && Math.abs(value - top) <= 1e-9) best.push(candidate);
  }
  return { best, score: top };
}
