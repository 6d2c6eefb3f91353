import { valueConflict, type FoundConflict } from './found-conflict.js';
import type { ClaimSentence, ClaimText, Clause } from './claim-profile.js';
import { measureOf, namesAmount, sameAmount, type Quantity } from './quantity.js';
import { Note } from './notes.js';

/**
 * Values keyed by other values, traded: "Delays of 15–29 minutes earn 50%, and 30–59 minutes 25%" against "15–29
 * minutes are compensated at 25% …, 30–59 minutes at 50%". A clause that gives a value of one kind and then a value
 * of another pairs them, the first saying which case the second is for. The claim pairs two keys each with the value
 * the source pairs with the other key, and neither as the source pairs it. Numbers are written alike in both
 * languages, so the pairs are read in either.
 */
export function tradedPairs(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  // Two pairs need three values at least: most sentences give fewer.
  if (claim.quantities.length < 3) return undefined;
  const pairs = pairsByClaim.get(claim) ?? pairsByClaim.set(claim, claim.clauses.flatMap(pairsOf));
  if (pairs.length < 2) return undefined;
  const byKey = sourcePairs(source);
  if (byKey.size === 0) return undefined;
  // Either value of a pair keys the other: "£39.50 for 3 months" is "3个月的费用为39.50英镑".
  const ours = [...pairs, ...pairs.map(([key, value]): Pair => [value, key])];
  const keyedBy = (key: Quantity) =>
    (byKey.get(measureOf(key)) ?? []).filter(({ pair: [held] }) => sameAmount(held, key));
  for (const [key, value] of ours) {
    const keyed = keyedBy(key);
    // The source must pair the claim's key with another value, and never with the claim's.
    if (keyed.length === 0 || keyed.some(({ pair: [, held] }) => sameAmount(held, value))) continue;
    for (const { pair, sentence } of keyed) {
      const other = pair[1];
      // The claim's value is the source's value of another key, and the claim gives that key the value the source
      // gives this one.
      const traded = ours.some(
        ([otherKey, otherValue]) =>
          !sameAmount(otherKey, key) &&
          sameAmount(otherValue, other) &&
          keyedBy(otherKey).some(({ pair: [, heldValue] }) => sameAmount(heldValue, value)),
      );
      if (traded) return valueConflict(value, other, sentence);
    }
  }
  return undefined;
}

/**
 * One value keyed by another, given the value the source keys to another key: "The 12-month plan costs 118 yuan"
 * against "分为3个月、6个月和12个月三种，费用分别为68元、118元和198元"; "15公斤的每瓶380元" against "15公斤液化气钢瓶每瓶120元，
 * 50公斤每瓶380元". The source keys the claim's key to values of the claim's kind, none of them the claim's, and keys
 * the claim's value to another key of the same kind, which the claim does not name: it has taken the other key's value.
 */
export function keyedValueSwap(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  if (claim.quantities.length < 2) return undefined;
  const byKey = sourcePairs(source);
  if (byKey.size === 0) return undefined;
  const ours = pairsByClaim.get(claim) ?? pairsByClaim.set(claim, claim.clauses.flatMap(pairsOf));
  for (const [key, value] of ours) {
    const pairs = byKey.get(measureOf(key));
    if (pairs === undefined) continue;
    const valueKind = measureOf(value);
    // Asked of every claim sentence against every source: read without building lists until a key is found.
    let keyed: SourcePair | undefined;
    let keyedToValue = false;
    for (const held of pairs) {
      if (!sameAmount(held.pair[0], key) || measureOf(held.pair[1]) !== valueKind) continue;
      if (sameAmount(held.pair[1], value)) keyedToValue = true;
      keyed ??= held;
    }
    if (keyed === undefined || keyedToValue) continue;
    const otherKeys = pairs
      .filter(({ pair: [held, heldValue] }) => !sameAmount(held, key) && sameAmount(heldValue, value))
      .map(({ pair: [held] }) => held);
    if (otherKeys.length === 0) continue;
    // A claim that names the other key too compares the two, or sums them up.
    if (claim.quantities.some((given) => otherKeys.some((other) => sameAmount(given, other)))) continue;
    return valueConflict(value, keyed.pair[1], keyed.sentence);
  }
  return undefined;
}

type Pair = readonly [key: Quantity, value: Quantity];

/** The clause's pairs: each value followed, in the clause, by the next value of another kind. */
function pairsOf(clause: Clause): Pair[] {
  let found = pairsByClause.get(clause);
  if (found !== undefined) return found;
  found = [];
  const values = clause.quantities.filter(namesAmount);
  for (let i = 0; i + 1 < values.length; i++) {
    const [key, value] = [values[i]!, values[i + 1]!];
    if (measureOf(key) !== measureOf(value)) found.push([key, value]);
  }
  return pairsByClause.set(clause, found);
}

const pairsByClause = new Note<Pair[]>();
/** A claim sentence's pairs, read once however many sources it is judged against. */
const pairsByClaim = new Note<Pair[]>();

/** The source's pairs with their sentences, by the kind of measure of their key, read once a source. */
function sourcePairs(source: ClaimText): ReadonlyMap<string, readonly SourcePair[]> {
  let found = pairsBySource.get(source);
  if (found === undefined) {
    found = new Map();
    const add = (pair: Pair, sentence: number) => {
      const kind = measureOf(pair[0]);
      found!.set(kind, [...(found!.get(kind) ?? []), { pair, sentence }]);
    };
    // A sentence that lists its pairs in two lists pairs them by their order, not each value with the next.
    const listed = source.sentences.map(respectivePairs);
    listed.forEach((pairs, sentence) => pairs.forEach((pair) => add(pair, sentence)));
    for (const { clause, sentence } of source.clauses) {
      if (listed[sentence]!.length === 0) for (const pair of pairsOf(clause)) add(pair, sentence);
    }
    pairsBySource.set(source, found);
  }
  return found;
}

interface SourcePair {
  pair: Pair;
  sentence: number;
}

const pairsBySource = new WeakMap<ClaimText, Map<string, SourcePair[]>>();

/**
 * Pairs a sentence gives as two lists in one order: "分为3个月、6个月和12个月三种，费用分别为68元、118元和198元", "the 6- and
 * 12-month plans cost £118 and £198 respectively". Two runs of values, each of one kind, as long as each other and
 * one after the other, pair their values one by one.
 */
function respectivePairs(sentence: ClaimSentence): Pair[] {
  if (!RESPECTIVELY.test(sentence.text)) return [];
  const runs: Quantity[][] = [];
  for (const quantity of sentence.quantities) {
    if (!namesAmount(quantity)) continue;
    const run = runs.at(-1);
    if (run !== undefined && measureOf(run[0]!) === measureOf(quantity)) run.push(quantity);
    else runs.push([quantity]);
  }
  // A lone value between the lists ("三种") counts them, and is passed over.
  const lists = runs.filter((run) => run.length >= 2);
  const pairs: Pair[] = [];
  for (let r = 0; r + 1 < lists.length; r++) {
    const [keys, values] = [lists[r]!, lists[r + 1]!];
    if (keys.length !== values.length) continue;
    keys.forEach((key, i) => pairs.push([key, values[i]!]));
  }
  return pairs;
}

const RESPECTIVELY = /\brespectively\b|分别/iu;
