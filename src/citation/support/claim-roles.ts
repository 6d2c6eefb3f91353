import { isName } from './claim-alignment.js';
import { inTextOrder } from './claim-order.js';
import type { ClaimSentence, ClaimText, Clause, ClauseTerm } from './claim-profile.js';
import { comparable, sameQuantity, sameSideBounds, type Quantity } from './quantity.js';
import { Note } from './notes.js';

/**
 * What each name and number of a clause is said of: the claim word written next to it on each side ("born in
 * Salzburg": Salzburg's word before is "born"; "41 symphonies": 41's word after is "symphony"). Two texts that
 * give the same names and numbers to different words have swapped them: "born in Vienna, died in Salzburg"
 * against "born in Salzburg, died in Vienna"; "27 symphonies and 41 piano concertos" against the reverse.
 */

export interface Anchor {
  kind: 'name' | 'number';
  /** Names: the lowercase words of the name ("carlos", "alcaraz"). */
  names: readonly string[];
  quantity?: Quantity;
  /** The claim word just before and just after it in its clause, when one stands there (not another anchor). */
  before?: string;
  after?: string;
  text: string;
  /** Where it ends in its text: a name goes on only with a word right after it. */
  end: number;
}

/**
 * The anchors of a clause, in order. `isName` says which terms are names (it depends on the text they are read
 * against: a capitalised first word is a name only if the other text writes it as one). Neighbouring name
 * words are one name ("Carlos Alcaraz").
 */
export function anchorsOf(clause: Clause, isName: (term: ClauseTerm) => boolean): Anchor[] {
  const anchors: Anchor[] = [];
  let previousWord: string | undefined;
  let open: Anchor | undefined;
  for (const item of inTextOrder(clause)) {
    // A product named by a number (三年期) is one of the clause's terms: it is read there.
    if (item.quantity?.cls.startsWith('term:')) continue;
    const anchor: Anchor | undefined = item.quantity
      ? { kind: 'number', names: [], quantity: item.quantity, text: item.quantity.text, end: item.quantity.end }
      : isName(item.term)
        ? { kind: 'name', names: [item.term.lower], text: item.term.lower, end: item.term.end }
        : undefined;
    if (anchor === undefined) {
      // An opposite is another word here: "the farthest" is not "the closest", though it reads as its denial.
      const word = item.term!.inverted ? `${item.term!.term}~` : item.term!.term;
      if (open !== undefined) open.after = word;
      open = undefined;
      previousWord = word;
      continue;
    }
    // Only names written one after the other make one name: "Carlos Alcaraz", not "Kenya is Africa".
    if (
      anchor.kind === 'name' &&
      open?.kind === 'name' &&
      open.after === undefined &&
      item.term!.start - open.end <= 1
    ) {
      open.names = [...open.names, ...anchor.names];
      open.text = `${open.text} ${anchor.text}`;
      open.end = anchor.end;
      continue;
    }
    if (previousWord !== undefined && open === undefined) anchor.before = previousWord;
    anchors.push(anchor);
    open = anchor;
    previousWord = undefined;
  }
  return anchors;
}

/**
 * The anchors of every clause of a claim sentence, read against a source: worked out once for each way the sources
 * read its capitalised first words (as names or not), the one thing the anchors take from a source.
 */
export function claimAnchors(claim: ClaimSentence, source: ClaimText): readonly Anchor[] {
  let byNames = anchorsByClaim.get(claim);
  if (byNames === undefined) anchorsByClaim.set(claim, (byNames = new Map<string, readonly Anchor[]>()));
  const names = namesRead(claim, source);
  let anchors = byNames.get(names);
  if (anchors === undefined) {
    anchors = claim.clauses.flatMap((clause) => anchorsOf(clause, (term) => isName(term, source)));
    byNames.set(names, anchors);
  }
  return anchors;
}

/** Which of the claim's capitalised first words the source writes as names, one character each. */
function namesRead(claim: ClaimSentence, source: ClaimText): string {
  let read = '';
  for (const clause of claim.clauses) {
    for (const term of clause.terms) if (term.initialCapital) read += source.names.has(term.lower) ? '1' : '0';
  }
  return read;
}

const anchorsByClaim = new Note<Map<string, readonly Anchor[]>>();

/** The same thing: a name sharing a word, or the same number. */
export function sameAnchor(a: Anchor, b: Anchor): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'name') return a.names.some((name) => b.names.includes(name));
  return sameQuantity(a.quantity!, b.quantity!) || a.quantity!.raw === b.quantity!.raw;
}

/**
 * Two things one word could be said of: names of one shape (both with digits, or both without), or numbers
 * of one kind said firmly (a bound or an approximate value is said of a limit, not of a value).
 */
export function rivals(a: Anchor, b: Anchor): boolean {
  if (a.kind !== b.kind || sameAnchor(a, b)) return false;
  if (a.kind === 'name') return /\d/.test(a.names.join(' ')) === /\d/.test(b.names.join(' '));
  const [p, q] = [a.quantity!, b.quantity!];
  // Two bounds of one side ("up to 100 read requests and 25 write requests") are two things' limits, and rival.
  if ((p.loose || q.loose) && !(p.loose && q.loose && sameSideBounds(p, q))) return false;
  const counted = (x: Quantity) => x.cls === 'bare' || x.cls.startsWith('count:');
  return comparable(p, q) || (counted(p) && counted(q));
}

export interface RoleSwap {
  /** The claim's anchor, and the source's anchor the claim's word belongs to. */
  claim: Anchor;
  source: Anchor;
  /** The source sentence that gives the word to the other anchor. */
  sentence: number;
}

/** A source as the check reads it: its profile, and its anchors with their sentences, made once per source. */
export type SourceProfile = ClaimText & { anchors: readonly { anchor: Anchor; sentence: number }[] };

export function asSource(profile: ClaimText): SourceProfile {
  return { ...profile, anchors: sourceAnchors(profile) };
}

/** Every anchor of a source, with its sentence. */
export function sourceAnchors(source: ClaimText): { anchor: Anchor; sentence: number }[] {
  const own = (term: ClauseTerm) => term.name || (term.initialCapital && source.names.has(term.lower));
  return source.clauses.flatMap(({ clause, sentence }) =>
    anchorsOf(clause, own).map((anchor) => ({ anchor, sentence })),
  );
}

/**
 * Whether the source names two things or more: a swap or a doubt sets a thing the claim names against another the
 * source names, so a source naming one thing or none raises neither, and the claim's anchors need not be read.
 */
export function namesRivals(source: SourceProfile): boolean {
  return source.anchors.length >= 2;
}

/**
 * Two names or numbers of the claim that have changed places with each other: the claim writes one beside a
 * word the source gives only to the other, and the other beside a word the source gives only to the first
 * ("born in Vienna and died in Salzburg" against "born in Salzburg … died in Vienna"; "Zverev came back … to beat
 * Alcaraz" against "Alcaraz came back … to defeat Zverev"). A thing the source does not name, or a word it does
 * not write beside a thing, says nothing here.
 */
export function roleSwap(
  claimAnchors: readonly Anchor[],
  source: readonly { anchor: Anchor; sentence: number }[],
): RoleSwap | undefined {
  const sides = ['before', 'after'] as const;
  const rolesOf = (anchor: Anchor, side: 'before' | 'after') =>
    new Set(source.filter(({ anchor: other }) => sameAnchor(anchor, other)).map(({ anchor: other }) => other[side]));
  for (const anchor of claimAnchors) {
    for (const side of sides) {
      const word = anchor[side];
      if (word === undefined || rolesOf(anchor, side).has(word)) continue;
      const given = source.filter(({ anchor: other }) => other[side] === word);
      if (given.length === 0 || given.some(({ anchor: other }) => sameAnchor(anchor, other))) continue;
      for (const rival of given) {
        if (!rivals(anchor, rival.anchor)) continue;
        const crossed = claimAnchors.some(
          (other) =>
            other !== anchor &&
            sameAnchor(other, rival.anchor) &&
            sides.some((otherSide) => {
              const otherWord = other[otherSide];
              return (
                otherWord !== undefined &&
                rolesOf(anchor, otherSide).has(otherWord) &&
                !rolesOf(other, otherSide).has(otherWord)
              );
            }),
        );
        if (crossed) return { claim: anchor, source: rival.anchor, sentence: rival.sentence };
      }
    }
  }
  return undefined;
}

/**
 * Whether the source gives a word the claim writes beside one of its names or numbers to another thing of its
 * kind, and the claim's thing a word of its own on that side: not a contradiction on its own (the claim may say
 * it in other words), but not a claim the source can be said to verify. A source that leaves the word unsaid
 * ("a one-year rate of 1.45%, three-year 1.95%") raises no doubt.
 */
export function roleDoubt(
  claimAnchors: readonly Anchor[],
  source: readonly { anchor: Anchor; sentence: number }[],
): boolean {
  return claimAnchors.some((anchor) =>
    (['before', 'after'] as const).some((side) => {
      const word = anchor[side];
      if (word === undefined) return false;
      const own = source.filter(({ anchor: other }) => sameAnchor(anchor, other));
      if (!own.some(({ anchor: other }) => other[side] !== undefined)) return false;
      if (own.some(({ anchor: other }) => other[side] === word)) return false;
      return source.some(({ anchor: other }) => other[side] === word && rivals(anchor, other));
    }),
  );
}
