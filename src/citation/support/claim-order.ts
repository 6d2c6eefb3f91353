import { grounded } from './claim-alignment.js';
import type { Clause } from './claim-profile.js';
import type { Quantity } from './quantities.js';

/**
 * Whether the source clause says the claim clause's words, those it holds, in the claim's order: "from Tuesday to
 * Thursday" is not "from Thursday to Tuesday", nor "shade grew more slowly than full sun" its reverse, though
 * both hold the same words. A rewording that reorders ("opened vials must be used within 6 hours") is left
 * unverified rather than verified by words that may have swapped their roles.
 */
export function saysInOrder(claim: Clause, source: Clause, elsewhere: (term: string) => boolean): boolean {
  const { places, ranks, termRanks } = placesIn(source);
  const said = [
    ...claim.terms.map((term) => ({ start: term.start, plain: !term.name, placed: termRanks.get(term.term) ?? [] })),
    ...claim.quantities.map((quantity) => ({
      start: quantity.start,
      plain: false,
      placed: placesOfQuantity(source, quantity).map((place) => ranks.get(place)!),
    })),
  ].sort((a, b) => a.start - b.start);
  let last = -1;
  let lastPlain = true;
  for (const { placed, plain } of said) {
    if (placed.length === 0) continue;
    const at = placed.find((rank) => rank >= last) ?? placed[0]!;
    // Two plain words next to each other may trade places ("the setting is changed", "changing the setting");
    // names and numbers keep their order.
    if (at < last && !(plain && lastPlain && at === last - 1)) return false;
    // A word the source says between two of the claim's, which the claim says in another clause, has moved: "keeps
    // its data on disk and caches pages in memory" is not "keeps its data in memory and writes to disk".
    if (last >= 0 && places.slice(last + 1, at).some((place) => place.term && elsewhere(place.term))) return false;
    last = Math.max(last, at);
    lastPlain = plain;
  }
  return true;
}

interface Places {
  /** The clause's terms and numbers in text order (a number has no term). */
  places: { start: number; term: string | undefined }[];
  /** Where each of them starts, to its rank in that order. */
  ranks: Map<number, number>;
  /** Each term, to the ranks of the places it is said at, in the clause's order of terms. */
  termRanks: Map<string, number[]>;
}

/** A source clause's places, worked out once: a source clause is compared with many claims. */
const placesByClause = new WeakMap<Clause, Places>();

function placesIn(clause: Clause): Places {
  let found = placesByClause.get(clause);
  if (found === undefined) {
    const places = [
      ...clause.terms.map((term) => ({ start: term.start, term: term.term })),
      ...clause.quantities.map((quantity) => ({ start: quantity.start, term: undefined })),
    ].sort((a, b) => a.start - b.start);
    const ranks = new Map(places.map((place, rank) => [place.start, rank]));
    const termRanks = new Map<string, number[]>();
    for (const term of clause.terms) {
      const placed = termRanks.get(term.term);
      if (placed === undefined) termRanks.set(term.term, [ranks.get(term.start)!]);
      else placed.push(ranks.get(term.start)!);
    }
    found = { places, ranks, termRanks };
    placesByClause.set(clause, found);
  }
  return found;
}

function placesOfQuantity(clause: Clause, quantity: Quantity): number[] {
  return clause.quantities.filter((own) => grounded(quantity, [own])).map((own) => own.start);
}
