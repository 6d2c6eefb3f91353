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
  const ours = pairsByClaim.get(claim) ?? pairsByClaim.set(claim, claim.clauses.flatMap(pairsOf));
  if (ours.length < 2) return undefined;
  const byKey = sourcePairs(source);
  if (byKey.size === 0) return undefined;
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
    for (const { clause, sentence } of source.clauses) {
      for (const pair of pairsOf(clause)) {
        const kind = measureOf(pair[0]);
        found.set(kind, [...(found.get(kind) ?? []), { pair, sentence }]);
      }
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
