import { clauseCoverage, grounded, type SourceClause } from './claim-alignment.js';
import { comparable } from './quantity.js';
import { saysInOrder } from './claim-order.js';
import type { ClaimSentence, Clause, ClauseTerm } from './claim-profile.js';
import type { SupportConflict } from './support-verifier.js';
import { Note } from './notes.js';

/**
 * What a clause speaks of: its subject, said by itself or by a clause before it in its sentence, and a claim that
 * gives what the source says of one subject to another.
 */

/**
 * The clauses a source clause's statement is said of: itself, and, back to the one that names its own subject, the
 * clauses before it in its sentence ("Kilimanjaro, at 5,895 metres, is the highest mountain": "is the highest
 * mountain" is said of Kilimanjaro), or the one before it whose words it leaves unsaid ("… and is no longer
 * considered collision-resistant").
 */
export function subjectChain(bound: SourceClause, clauses: readonly SourceClause[]): readonly Clause[] {
  return subjectChains(clauses).get(bound) ?? chainOf(bound, clauses);
}

/** Every source clause's chain, worked out once a source: every claim clause asks for them. */
function subjectChains(clauses: readonly SourceClause[]): ReadonlyMap<SourceClause, readonly Clause[]> {
  let chains = chainsBySource.get(clauses);
  if (chains === undefined) {
    chains = new Map(clauses.map((candidate) => [candidate, chainOf(candidate, clauses)]));
    chainsBySource.set(clauses, chains);
  }
  return chains;
}

const chainsBySource = new WeakMap<readonly SourceClause[], ReadonlyMap<SourceClause, readonly Clause[]>>();

function chainOf(bound: SourceClause, clauses: readonly SourceClause[], index = clauses.indexOf(bound)): Clause[] {
  const chain = [bound.clause];
  let at = index;
  const before = clauses[at - 1];
  if (bound.clause.context.size > 0 && before?.sentence === bound.sentence) chain.push(before.clause);
  while (at > 0 && clauses[at - 1]!.sentence === bound.sentence && !opensWithSubject(clauses[at]!.clause)) {
    at--;
    if (!chain.includes(clauses[at]!.clause)) chain.push(clauses[at]!.clause);
  }
  return chain;
}

/**
 * Whether a clause names what it speaks of first ("The tram …", "Paracetamol, …"), rather than going on from the
 * clause before ("and is …", "reaches 5,199 metres", "at 5,895 metres").
 */
function opensWithSubject(clause: Clause): boolean {
  let opens = opensBySubject.get(clause);
  if (opens === undefined) {
    opens = namesSubjectFirst(clause);
    opensBySubject.set(clause, opens);
  }
  return opens;
}

/** Each clause's answer, worked out once: a source clause is asked of by every claim clause. */
const opensBySubject = new Note<boolean>();

function namesSubjectFirst(clause: Clause): boolean {
  // "while Michael Collins stayed …" names its own subject after the word that joins it.
  const first = FIRST_WORD.exec(clause.text.replace(JOINING_WORD, ''))?.[0];
  if (first === undefined) return false;
  if (DETERMINERS.test(first)) return true;
  if (POSSESSIVES.test(first)) return false;
  if (!/^\p{Lu}/u.test(first) || NOT_SUBJECTS.test(first)) return false;
  // "Select members can book 14 days ahead": a verb of its own after the word makes the word part of a subject.
  return !INSTRUCTIONS.has(first.toLowerCase()) || AUXILIARY.test(clause.text);
}

/**
 * Verbs a manual or a recipe opens an instruction with: "Plant daffodil bulbs 12 cm deep" and "Set tulip bulbs 15 cm
 * deep" tell the reader what to do; neither speaks of a thing called "plant" or "set".
 */
const INSTRUCTIONS: ReadonlySet<string> = new Set(
  (
    'add allow apply bake boil book bring call check choose click close connect cook cover cut defrost drain dry ' +
    'enter fill fold freeze fry go grill heat hold install keep leave let make melt mix open pay place plant plug ' +
    'pour preheat press prune put register reheat remove replace reset restart rinse roast select send serve set ' +
    'simmer soak sow sprinkle stir store switch take tap turn unplug update use visit wait wash water whisk'
  ).split(' '),
);

const FIRST_WORD = /^[\p{L}\p{N}][\p{L}\p{N}'’-]*/u;
const AUXILIARY = /\b(?:can|cannot|can't|may|must|will|won't|should|is|are|was|were|has|have|had|does|do)\b/i;
const JOINING_WORD = /^(?:and|or|but|while|whereas|whilst|although|though|when|because|since|so)\s+/i;
// A possessive ("its final explosion", "their contributions") speaks of what was named before it: not a subject.
const DETERMINERS = /^(?:the|a|an|this|these|those|each|every|both|all)$/i;
const POSSESSIVES = /^(?:its|their|his|her|your|our|my)$/i;
const NOT_SUBJECTS =
  /^(?:in|on|at|with|without|after|before|for|from|by|during|under|over|if|when|because|although|though|while|and|but|or|however|so|to|as|once|until|unless)$/i;

/** Whether the other clause gives a value of a kind the clause gives, and none that is the clause's. */
function givesOtherValues(clause: Clause, other: Clause): boolean {
  return clause.quantities.some(
    (quantity) => !grounded(quantity, other.quantities) && other.quantities.some((held) => comparable(quantity, held)),
  );
}

/** The claim clause's first name, all its words ("Alice Chen"), or its first word when that is capitalised. */
export function leadingName(clause: Clause): ClauseTerm[] {
  const first = clause.terms[0];
  if (first === undefined) return [];
  const named = [first];
  for (let i = 1; i < clause.terms.length; i++) {
    const term = clause.terms[i]!;
    if (!term.name || term.start - clause.terms[i - 1]!.end > 1) break;
    named.push(term);
  }
  return named;
}

/**
 * The rest of a claim clause must be this well held by the source clause whose subject it changes. A rewording of the
 * rest ("does best in full sun" for "needs full sun") holds less of it: at 0.6, eight more swaps were caught on the
 * dev and never-listed pairs than at 0.8, and no correct pair was warned about; at 0.5, six correct pairs were.
 */
const SUBJECT_BINDING_COVERAGE = 0.6;

/**
 * What the source says of one thing given to another thing it speaks of: "a tenant may only end the tenancy for a
 * reason set out in the law" against "A landlord … may only end the tenancy for a reason set out in the law", "the
 * east wing is built of limestone" against "… the west wing was added in 1902 and is built of limestone". The claim
 * clause names its subject first; the rest of it is what one source clause says, of a subject the claim does not
 * name, while the claim's subject is what another source clause speaks of, and no clause about it says the rest.
 */
export function subjectSwap(
  clause: Clause,
  claim: ClaimSentence,
  clauses: readonly SourceClause[],
  near: readonly SourceClause[],
): { conflict: SupportConflict; sentence: number } | undefined {
  const subject = clause.terms[0];
  if (subject === undefined || clause.terms.length < 3) return undefined;
  const isSubject = (term: ClauseTerm) => term.term === subject.term && term.inverted === subject.inverted;
  // The claim's subject must be one of the things the source speaks of, named first in a clause of its own. Most
  // claim clauses' first words are not: they are passed over before the claim clause's own opening is read.
  if (!clauses.some(({ clause: other }) => other.terms[0] && isSubject(other.terms[0]) && opensWithSubject(other)))
    return undefined;
  if (!opensWithSubject(clause)) return undefined;
  const except = new Set([subject.term]);
  const chains = subjectChains(clauses);
  const speaksOf = (candidate: SourceClause) => chains.get(candidate)!.some((c) => c.terms.some(isSubject));
  // The source clause that says the rest best; clauses of one subject that say it equally well ("Redis keeps its data
  // in memory | and can write snapshots to disk") are one.
  const ownerOf = (candidate: SourceClause) => chains.get(candidate)!.at(-1);
  let bound: SourceClause | undefined;
  let tie = false;
  let top = 0;
  // Only a clause near the claim's (see `clausesNear`) can hold any of the rest.
  for (const candidate of near) {
    if (speaksOf(candidate)) continue;
    const coverage = clauseCoverage(clause, candidate.clause, except);
    if (coverage > top + 1e-9) [bound, top, tie] = [candidate, coverage, false];
    else if (bound !== undefined && Math.abs(coverage - top) <= 1e-9 && ownerOf(candidate) !== ownerOf(bound))
      tie = true;
  }
  if (bound === undefined || tie || top < SUBJECT_BINDING_COVERAGE) return undefined;
  const chain = chains.get(bound)!;
  const held = chain.flatMap((c) => c.quantities);
  if (!clause.quantities.every((quantity) => grounded(quantity, held))) return undefined;
  const owner = chain[chain.length - 1]!;
  const other = owner.terms[0];
  if (other === undefined || !opensWithSubject(owner)) return undefined;
  if (clause.terms.some((term) => term.term === other.term && term.inverted === other.inverted)) return undefined;
  // "Economy Standard" against "Economy Light": the same first word, written once as a name and once not.
  if (other.lower === subject.lower) return undefined;
  // A clause about the claim's subject that says the rest in the claim's order speaks for the claim, unless it gives
  // the claim's values other ones ("the morning shift runs from 6:00 to 14:00 and the late shift from 14:00 to 22:00"
  // does not speak for "the late shift runs from 6:00 to 14:00").
  const elsewhere = (term: string) => claim.clauses.some((c) => c !== clause && c.termSet.has(term));
  const spokenOf = near.some(
    (candidate) =>
      speaksOf(candidate) &&
      clauseCoverage(clause, candidate.clause, except) >= top &&
      saysInOrder(clause, candidate.clause, elsewhere) &&
      !givesOtherValues(clause, candidate.clause),
  );
  if (spokenOf) return undefined;
  return {
    conflict: { kind: 'name', claim: subject.lower, source: other.lower },
    sentence: bound.sentence,
  };
}

/**
 * The names of the nearest clause, back along the clause's chain in its sentence, that has any: what a clause that
 * leaves its subject unsaid speaks of ("while Veterans games are 70 minutes, …, and substituted players can return"
 * speaks of the Veterans).
 */
export function nearestNames(
  clause: Clause,
  sentence: readonly Clause[],
  named: (term: ClauseTerm) => boolean,
): ReadonlySet<string> {
  const at = sentence.indexOf(clause);
  const chain = chainOf(
    { clause, sentence: 0 },
    sentence.map((own) => ({ clause: own, sentence: 0 })),
    at,
  );
  for (const own of chain) {
    // "unlike Veterans games" names a thing to set against, not the one spoken of.
    if (COMPARED_WITH.test(own.text)) continue;
    const names = new Set(own.terms.filter(named).map((term) => term.lower));
    if (names.size > 0) return names;
  }
  return new Set();
}

const COMPARED_WITH = /^(?:unlike|compared (?:with|to)|as opposed to|in contrast to|rather than|instead of)\b/i;
