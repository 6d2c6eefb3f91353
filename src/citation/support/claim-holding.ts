import { bestBound, grounded, isName, sourceClauses, type SourceClause } from './claim-alignment.js';
import { flipped } from './denial-conflict.js';
import { saysInOrder } from './claim-order.js';
import { bothWaysOf, INSTEAD, replacedTerms } from './claim-polarity.js';
import type { ClaimSentence, ClaimText, Clause, ClauseTerm } from './claim-profile.js';
import { claimAnchors, namesRivals, roleDoubt, type SourceProfile } from './claim-roles.js';
import type { Quantity } from './quantity.js';
import { hasHan } from './claim-tokens.js';
import { modalsOf } from './modal-words.js';
import { Note } from './notes.js';
import { boundsOtherSide } from './bound-conflict.js';

/**
 * When the default check may call a sentence `verified`: only when the source says the same thing in the same
 * roles. Anything it cannot be sure of stays `unverified`; a verdict of `verified` must be one the reader can rely
 * on.
 */

/** A clause must find this much of itself in one source clause for the sentence to be verified. */
const CLAUSE_COVERAGE = 1;

/**
 * Whether the window verifies the sentence: every word of it (or a known rewording of the word) is in the window,
 * every number and name too, each bound to the clause its words bind it to and beside the same words; each clause
 * finds most of itself in one source clause, with the same polarity; a short clause that only qualifies its
 * sentence ("on a paid account") is said in the source sentence of the clause it qualifies. Anything less is
 * left unverified: a verdict of `verified` must be one the reader can rely on.
 */
export function holdsEveryClaim(claim: ClaimSentence, source: SourceProfile, window: readonly number[]): boolean {
  const inWindow = window.map((s) => source.sentences[s]!);
  const heldQuantities = inWindow.flatMap((sentence) => sentence.quantities);
  if (!claim.quantities.every((quantity) => grounded(quantity, heldQuantities))) return false;
  for (const term of claim.terms) if (!inWindow.some((sentence) => sentence.terms.has(term))) return false;
  if (namesRivals(source) && roleDoubt(claimAnchors(claim, source), source.anchors)) return false;
  const windowClauses = sourceClauses(source).filter((clause) => window.includes(clause.sentence));
  const qualified = qualifiedTerms(source);
  const boundSentences: number[][] = [];
  for (const clause of claim.clauses) {
    for (const term of clause.terms) {
      if (isName(term, source) && !source.words.has(term.lower) && !source.terms.has(term.term)) return false;
    }
    if (clause.terms.length === 0) {
      boundSentences.push([]);
      continue;
    }
    const { best, score } = bestBound(windowClauses, (candidate) =>
      heldCoverage(clause, candidate, qualified[candidate.sentence]!),
    );
    if (score < CLAUSE_COVERAGE) return false;
    // The clause that holds the words holds the numbers too: "sales in Spain reached 7,500" is not verified by
    // "Spain reached 3,200" and "7,500 in France".
    if (!clause.quantities.every((quantity) => best.some((c) => countedAlike(quantity, c.clause.quantities))))
      return false;
    // A denial or an opposite on one side only: not the same claim, even where the check cannot call it a
    // contradiction.
    if (best.some((candidate) => flipped(clause, candidate.clause) !== undefined)) return false;
    // "free on orders up to $60" is not held by "free on orders over $60": the words are the same, the side is not.
    if (best.some((candidate) => boundsOtherSide(clause, candidate.clause))) return false;
    // A rule holds only where it is said with the same force: "you can skip the goggles" is not held by "goggles
    // are worn at all times", nor "you must book" by "you may book".
    if (!sameForces(clause, best)) return false;
    if (clause.terms.some((term) => term.cue > 0 && !best.some((c) => c.clause.termSet.has(term.term)))) return false;
    const elsewhere = (term: string) => claim.clauses.some((other) => other !== clause && other.termSet.has(term));
    if (!best.some((candidate) => saysInOrder(clause, candidate.clause, elsewhere))) return false;
    // A source clause that says a word both ways ("adds USB 3.2 and removes Windows 7") cannot tell which way
    // the claim's word goes without knowing what each half is about.
    if (best.some((c) => saysAnyBothWays(c.clause, clause))) return false;
    // Word by word: an opposite that turns one word on its own, or the thing the source says is replaced.
    if (opposedApart(clause, best) || best.some((candidate) => saysReplaced(clause, candidate.clause))) return false;
    boundSentences.push(best.map((candidate) => candidate.sentence));
  }
  return qualifiersStayPut(claim, boundSentences);
}

/**
 * Whether the rules the claim clause states are stated with the same force by its bound source clauses. A clause
 * that states no rule of its own ("or the case in tap water", going on from "Never rinse lenses") has none to hold.
 * Only the force is compared: the act a rule names and the bound it sets are words and numbers, which the checks
 * above hold to the bound clauses.
 */
function sameForces(clause: Clause, bound: readonly SourceClause[]): boolean {
  const ours = modalsOf(clause);
  if (ours.length === 0) return true;
  const theirs = new Set(bound.flatMap((candidate) => modalsOf(candidate.clause).map((modal) => modal.modality)));
  return ours.every((modal) => theirs.has(modal.modality));
}

/** Whether the source clause says any of the claim clause's words both ways. */
function saysAnyBothWays(source: Clause, claim: Clause): boolean {
  const both = bothWaysOf(source);
  return both.size > 0 && claim.terms.some((term) => both.has(term.term));
}

/**
 * Whether the clause's quantities hold `quantity` as a count of the same thing: "7.0 adds" is not "7.0 removes",
 * nor "3 replicas" "3 nodes", though either number grounds the other for binding. Chinese measure words and a
 * bare number count anything.
 */
function countedAlike(quantity: Quantity, held: readonly Quantity[]): boolean {
  const latinCount = (q: Quantity) => q.cls.startsWith('count:') && !hasHan(q.cls);
  return held.some(
    (other) =>
      grounded(quantity, [other]) && !(latinCount(quantity) && latinCount(other) && quantity.cls !== other.cls),
  );
}

/**
 * The share of a claim clause's terms a source clause holds: said itself, kept from the clause before it, or said
 * by a short clause of its sentence that only qualifies it ("In the final, Nadal defeated Federer"). A word
 * another clause says ("free for children; adults pay 15 euros") is that clause's, not this one's.
 */
function heldCoverage(claim: Clause, candidate: SourceClause, qualified: ReadonlySet<string>): number {
  if (claim.terms.length === 0) return 0;
  let held = 0;
  for (const { term } of claim.terms) {
    if (candidate.clause.termSet.has(term) || candidate.clause.kept.has(term) || qualified.has(term)) held++;
  }
  return held / claim.terms.length;
}

/**
 * For each source sentence, the terms of its clauses that only qualify it (see `qualifies`): worked out once a
 * source, as every clause of every claim is held against them.
 */
function qualifiedTerms(source: ClaimText): readonly ReadonlySet<string>[] {
  let found = qualifiedBySource.get(source);
  if (found === undefined) {
    found = source.sentences.map((sentence) => {
      const terms = new Set<string>();
      for (const clause of sentence.clauses) if (qualifies(clause)) for (const term of clause.termSet) terms.add(term);
      return terms;
    });
    qualifiedBySource.set(source, found);
  }
  return found;
}

const qualifiedBySource = new WeakMap<ClaimText, readonly ReadonlySet<string>[]>();

/** A short clause that names nothing, holds no number and goes on no clause before it: it qualifies its sentence. */
function qualifies(clause: Clause): boolean {
  return (
    clause.terms.length <= QUALIFIER_TERMS &&
    clause.quantities.length === 0 &&
    clause.context.size === 0 &&
    !clause.terms.some((term) => term.name)
  );
}

/** A clause this short, without a number, qualifies its sentence rather than saying something of its own. */
const QUALIFIER_TERMS = 2;

function qualifiersStayPut(claim: ClaimSentence, bound: readonly number[][]): boolean {
  const main = claim.clauses
    .map((clause, i) => ({ clause, sentences: bound[i]! }))
    .filter(({ clause }) => clause.terms.length > QUALIFIER_TERMS || clause.quantities.length > 0);
  if (main.length === 0 || main.length === claim.clauses.length) return true;
  const mainSentences = new Set(main.flatMap(({ sentences }) => sentences));
  return claim.clauses.every(
    (clause, i) =>
      clause.terms.length === 0 ||
      clause.terms.length > QUALIFIER_TERMS ||
      clause.quantities.length > 0 ||
      bound[i]!.some((sentence) => mainSentences.has(sentence)),
  );
}

/**
 * Whether an opposite on either side turns a word of the clause against the bound clauses, word by word: "lowered …
 * below" is not "raised … above", though the two opposites even out over the clause. Two opposites side by side
 * even out ("less quickly" is "more slowly"), and a denial over an opposite says the plain word ("not uncommon").
 */
function opposedApart(clause: Clause, bound: readonly SourceClause[]): boolean {
  const terms = clause.terms;
  const readings = bound.map((candidate) => polarityReading(candidate.clause));
  // Only a word said through an opposite, on either side, can be turned word by word: most clauses hold none.
  if (!terms.some(saidThroughOpposite) && readings.every((reading) => reading.opposites.size === 0)) return false;
  const opposed = terms.map((term) => {
    let held = 0;
    let opposite = saidThroughOpposite(term);
    for (const reading of readings) {
      const said = reading.said.get(term.term);
      if (said === undefined) continue;
      held |= said;
      if (reading.opposites.has(term.term)) opposite = true;
    }
    return held !== 0 && opposite && (held & (saidTurned(term) ? TURNED : PLAIN)) === 0;
  });
  // Two opposed words with only a space between them even out.
  const pairedWithNext = (i: number) =>
    opposed[i]! && opposed[i + 1] === true && terms[i + 1]!.start - terms[i]!.end <= 1;
  return opposed.some((turned, i) => turned && !pairedWithNext(i) && !(i > 0 && pairedWithNext(i - 1)));
}

/** A word said plainly, or turned (by an opposite or a denial, not both). */
const PLAIN = 1;
const TURNED = 2;

/**
 * A word said through its opposite. A single Chinese character read on its own beside its pairs (关 in 关火) is left
 * to the clause's polarity as a whole: it is too often part of another word (输出 is not losing).
 */
function saidThroughOpposite(term: ClauseTerm): boolean {
  return term.inverted && !term.term.endsWith('·');
}

function saidTurned(term: ClauseTerm): boolean {
  return term.inverted !== term.cue > 0;
}

/** How a source clause says each of its words, and which it says through an opposite. */
interface PolarityReading {
  said: ReadonlyMap<string, number>;
  opposites: ReadonlySet<string>;
}

/** Worked out once a source clause: every claim clause bound to it asks. */
function polarityReading(clause: Clause): PolarityReading {
  let reading = readings.get(clause);
  if (reading === undefined) {
    const said = new Map<string, number>();
    const opposites = new Set<string>();
    for (const term of clause.terms) {
      said.set(term.term, (said.get(term.term) ?? 0) | (saidTurned(term) ? TURNED : PLAIN));
      if (saidThroughOpposite(term)) opposites.add(term.term);
    }
    reading = readings.set(clause, { said, opposites });
  }
  return reading;
}

const readings = new Note<PolarityReading>();

/**
 * Whether the claim clause says, as its own, a word the source clause names only as the thing replaced: "approval
 * from a line manager" against "approval from a department head rather than a line manager".
 */
function saysReplaced(clause: Clause, other: Clause): boolean {
  const replaced = replacedTerms(other);
  if (replaced.size === 0 || INSTEAD.test(clause.text)) return false;
  return clause.terms.some((term) => term.cue === 0 && replaced.has(term.term));
}
