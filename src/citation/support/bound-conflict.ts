import type { SourceClause } from './claim-alignment.js';
import type { ClaimText, Clause, ClauseTerm } from './claim-profile.js';
import type { FoundConflict } from './found-conflict.js';
import { sameQuantity, type Quantity } from './quantity.js';

/**
 * A value the claim bounds the other way than the source, saying the source's own words of it: "Standard shipping is
 * free on orders under $60" against "… or free on orders over $60", "the fee applies if you repay after the first two
 * years" against "charge a fee … if repaid within the first 2 years". The value is the same, so the number checks find
 * nothing; the words before it say which side of it the claim is on.
 *
 * The other side of a bound is often said truly with other words ("orders under $60 pay $4.95", "children over 12
 * can swim alone", "you can't get in after 16:00"): only a claim clause that says every word of the source's clause,
 * without a denial of its own, and every other value the same way, says the source's statement of the other side.
 */

/** Which side of its value a bound puts what it speaks of: at or above it, or at or below it. */
type Side = 'above' | 'below';

/**
 * The words that end a text before a bound value, longest first, with the side they put it on. A denial before a
 * comparison is read with it ("no more than", "not later than"); any other denial leaves the clause unread.
 */
const BOUND_WORDS: readonly (readonly [RegExp, Side])[] = [
  [/\b(?:no|not) (?:more|longer|later|higher|greater|heavier|older) than$/, 'below'],
  [/\b(?:no|not) (?:less|fewer|earlier|shorter|lower|younger) than$/, 'above'],
  [/\b(?:more|longer|later|higher|greater|heavier|older) than$/, 'above'],
  [/\b(?:less|fewer|earlier|shorter|lower|younger) than$/, 'below'],
  [/\b(?:at least|a minimum of|minimum of|in excess of|upwards of)$/, 'above'],
  [/\b(?:at most|a maximum of|maximum of|up to|no later than)$/, 'below'],
  [/\b(?:over|above|after|beyond|exceeding)$/, 'above'],
  [/\b(?:under|below|before|within|until|till|by)$/, 'below'],
];

/** Words that may stand between a bound's word and its value: "within the first 2 years", "after a 30-day wait". */
const BETWEEN = /(?:\s+(?:the|a|an|first|initial|its|their|your))*\s*$/;
/** A clause's own words the claim clause must say: what the source states of the bounded thing. */
const SAID_SHARE = 0.6;

interface Bound {
  side: Side;
  /** Where the bound's words start in the text: a denial among them is the bound's own ("no more than"). */
  start: number;
}

/** The side the words before the value put it on, if they bound it. */
function boundOf(clause: Clause, quantity: Quantity): Bound | undefined {
  const before = clause.text
    .slice(0, Math.max(0, quantity.start - clause.start))
    .toLowerCase()
    .replace(BETWEEN, '');
  for (const [words, side] of BOUND_WORDS) {
    const match = words.exec(before);
    if (match !== null) return { side, start: clause.start + match.index };
  }
  return undefined;
}

/** The start of a range ("from 9 to 5", "between 2 and 4") is no bound of its own. */
function inRange(clause: Clause, quantity: Quantity): boolean {
  return (
    quantity.range !== undefined || /\b(?:from|between)\s*$/i.test(clause.text.slice(0, quantity.start - clause.start))
  );
}

/** A denial or an opposite in the clause, other than the bound's own words ("after" reads as "not before"). */
function turnsOutsideBound(clause: Clause, bound: Bound, quantity: Quantity): boolean {
  const inBound = (term: ClauseTerm) => term.start >= bound.start && term.end <= quantity.start;
  return clause.terms.some((term) => (term.cue > 0 || term.inverted) && !inBound(term)) || /n't\b/.test(clause.text);
}

/** A denial or an opposite, beyond the bound's own words, on a word the other clause says too. */
function turnsShared(clause: Clause, bound: Bound, quantity: Quantity, other: Clause): boolean {
  const inBound = (term: ClauseTerm) => term.start >= bound.start && term.end <= quantity.start;
  return clause.terms.some((term) => (term.cue > 0 || term.inverted) && !inBound(term) && other.termSet.has(term.term));
}

export function boundConflict(clause: Clause, source: ClaimText): FoundConflict | undefined {
  if (clause.holdsHan) return undefined;
  for (const quantity of clause.quantities) {
    if (inRange(clause, quantity)) continue;
    const ours = boundOf(clause, quantity);
    if (ours === undefined || turnsOutsideBound(clause, ours, quantity)) continue;
    const bounding = (candidate: SourceClause, wanted: (side: Side) => boolean) =>
      candidate.clause.quantities.find((held) => {
        if (held.cls !== quantity.cls || !sameQuantity(quantity, held) || inRange(candidate.clause, held)) return false;
        const theirs = boundOf(candidate.clause, held);
        return theirs !== undefined && wanted(theirs.side);
      });
    // The claim's side of the value said of the same thing, or said bare ("after three months, daily penalties
    // apply"), speaks for it.
    const agreeing = source.clauses.some((candidate) => {
      const held = bounding(candidate, (side) => side === ours.side);
      return (
        held !== undefined &&
        (ownTerms(candidate.clause, held).length === 0 || restatesAround(clause, quantity, candidate.clause, held))
      );
    });
    if (agreeing) continue;
    for (const candidate of source.clauses) {
      if (candidate.clause.holdsHan) continue;
      const held = bounding(candidate, (side) => side !== ours.side);
      if (held === undefined) continue;
      const theirs = boundOf(candidate.clause, held)!;
      if (
        turnsOutsideBound(candidate.clause, theirs, held) ||
        !restatesAround(clause, quantity, candidate.clause, held)
      )
        continue;
      return {
        conflict: {
          kind: 'negation',
          claim: boundText(clause, ours, quantity),
          source: boundText(candidate.clause, theirs, held),
        },
        sentence: candidate.sentence,
      };
    }
  }
  return undefined;
}

/**
 * Whether the claim clause says what the source clause says of its value: most of the source clause's own words, and
 * each of its own other values as the source gives them, bounded alike.
 */
function restatesAround(clause: Clause, quantity: Quantity, other: Clause, held: Quantity): boolean {
  const own = ownTerms(other, held);
  if (own.length === 0) return false;
  const said = own.filter((term) => clause.termSet.has(term.term) || clause.context.has(term.term)).length;
  if (said < SAID_SHARE * own.length) return false;
  return clause.quantities.every((value) => {
    if (value === quantity) return true;
    const match = other.quantities.find((theirs) => theirs !== held && sameQuantity(value, theirs));
    return match !== undefined && boundOf(clause, value)?.side === boundOf(other, match)?.side;
  });
}

/** The clause's words other than its bound's: what it states of the bounded thing. */
function ownTerms(clause: Clause, held: Quantity): ClauseTerm[] {
  const bound = boundOf(clause, held);
  const from = bound?.start ?? held.start;
  return clause.terms.filter((term) => term.end <= from || term.start >= held.end);
}

/** The value with the words that bound it: "under $60". */
function boundText(clause: Clause, bound: Bound, quantity: Quantity): string {
  return clause.text.slice(bound.start - clause.start, quantity.end - clause.start).trim();
}

/**
 * Whether the claim clause bounds a value of the other clause from the other side: "Children over 12 can swim without
 * an adult" speaks of the children "Children under 12 must be accompanied by an adult" leaves out, so its words may
 * well read the other way.
 */
export function boundsOtherSide(claim: Clause, other: Clause): boolean {
  return claim.quantities.some((quantity) => {
    if (inRange(claim, quantity)) return false;
    const ours = boundOf(claim, quantity);
    if (ours === undefined) return false;
    return other.quantities.some((held) => {
      if (held.cls !== quantity.cls || !sameQuantity(quantity, held) || inRange(other, held)) return false;
      const theirs = boundOf(other, held);
      // Only words beyond the bounds may turn: "shorter than six hours" against "longer than six hours" says the
      // same thing of the other side, the bound's own opposite.
      return (
        theirs !== undefined &&
        theirs.side !== ours.side &&
        turnsShared(claim, ours, quantity, other) !== turnsShared(other, theirs, held, claim)
      );
    });
  });
}
