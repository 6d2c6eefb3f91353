import { grounded } from './claim-alignment.js';
import type { Clause, ClauseTerm } from './claim-profile.js';
import type { Quantity } from './quantity.js';
import { Note } from './notes.js';

/**
 * Whether the source clause says the claim clause's words, those it holds, in the claim's order: "from Tuesday to
 * Thursday" is not "from Thursday to Tuesday", nor "shade grew more slowly than full sun" its reverse, though
 * both hold the same words. A rewording that reorders ("opened vials must be used within 6 hours") is left
 * unverified rather than verified by words that may have swapped their roles.
 */
export function saysInOrder(claim: Clause, source: Clause, elsewhere: (term: string) => boolean): boolean {
  const { places, ranks, termRanks } = placesIn(source);
  let last = -1;
  let lastPlain = true;
  for (const { term, quantity } of inTextOrder(claim)) {
    const placed = term
      ? (termRanks.get(term.term) ?? NOWHERE)
      : placesOfQuantity(source, quantity).map((place) => ranks.get(place)!);
    const plain = term ? !term.name : false;
    if (placed.length === 0) continue;
    const at = placed.find((rank) => rank >= last) ?? placed[0]!;
    // Two plain words next to each other may trade places ("the setting is changed", "changing the setting");
    // names and numbers keep their order.
    if (at < last && !(plain && lastPlain && at === last - 1)) return false;
    // A word the source says between two of the claim's, which the claim says in another clause, has moved: "keeps
    // its data on disk and caches pages in memory" is not "keeps its data in memory and writes to disk".
    if (last >= 0 && movedBetween(places, last, at, elsewhere)) return false;
    last = Math.max(last, at);
    lastPlain = plain;
  }
  return true;
}

const NOWHERE: readonly number[] = [];

/** Whether a term the source says strictly between two ranks is one the claim says elsewhere. */
function movedBetween(
  places: Places['places'],
  from: number,
  to: number,
  elsewhere: (term: string) => boolean,
): boolean {
  for (let rank = from + 1; rank < to; rank++) {
    const term = places[rank]!.term;
    if (term && elsewhere(term)) return true;
  }
  return false;
}

/** A term or a number of a clause. */
export type ClauseItem = { term: ClauseTerm; quantity?: undefined } | { quantity: Quantity; term?: undefined };

/**
 * A clause's terms and numbers in text order, a term before a number that starts where it does: worked out once a
 * clause, as the order and the roles of a claim's words are read against every source.
 */
export function inTextOrder(clause: Clause): readonly ClauseItem[] {
  let items = itemsByClause.get(clause);
  if (items === undefined) {
    items = mergedByStart(clause.terms, clause.quantities);
    itemsByClause.set(clause, items);
  }
  return items;
}

/**
 * The terms and numbers sorted by where they start, a term first where both start alike. Each list is in text
 * order as a rule: then merging them gives that sort without sorting.
 */
function mergedByStart(terms: readonly ClauseTerm[], quantities: readonly Quantity[]): ClauseItem[] {
  const items: ClauseItem[] = [];
  if (!startsInOrder(terms) || !startsInOrder(quantities)) {
    for (const term of terms) items.push({ term });
    for (const quantity of quantities) items.push({ quantity });
    return items.sort((a, b) => startOf(a) - startOf(b));
  }
  let q = 0;
  for (const term of terms) {
    while (q < quantities.length && quantities[q]!.start < term.start) items.push({ quantity: quantities[q++]! });
    items.push({ term });
  }
  while (q < quantities.length) items.push({ quantity: quantities[q++]! });
  return items;
}

function startsInOrder(list: readonly { start: number }[]): boolean {
  for (let i = 1; i < list.length; i++) if (list[i]!.start < list[i - 1]!.start) return false;
  return true;
}

const itemsByClause = new Note<readonly ClauseItem[]>();

function startOf(item: ClauseItem): number {
  return item.term ? item.term.start : item.quantity.start;
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
