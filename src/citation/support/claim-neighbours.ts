import type { SourceClause } from './claim-alignment.js';
import type { ClaimSentence, Clause } from './claim-profile.js';
import type { FoundConflict } from './found-conflict.js';

/**
 * The clauses a source sentence sets beside the one a claim's value was bound to: the things the sentence names
 * first in each of its clauses ("Express includes … £100 of cover, while Standard includes tracking only", "costs
 * €312 for adults and €218 for children", "opens at 7:30 and closes at 18:00"). A claim that names one of them and
 * not the bound clause's thing speaks of it: its value is compared there, or is another thing's.
 */

/**
 * The clause of the same sentence that says the bound clause's words of another thing, when the claim names that
 * thing and not the bound clause's: "The brioche uses 300 ml of milk and only 3 g of yeast" is what "The brioche
 * needs 8 g of yeast" speaks of, though the loaf's clause "8 g instant yeast" holds its value. Each clause names its
 * thing first.
 */
export function parallelOf(
  clause: Clause,
  claim: ClaimSentence,
  bound: SourceClause,
  candidates: readonly SourceClause[],
  holds: (candidate: SourceClause) => boolean,
): SourceClause[] {
  const parallel = parallelTo(clause, claim, bound, candidates, holds);
  return parallel.length === 1 ? parallel : [bound];
}

/**
 * A value the source gives one thing, given by the claim to the thing its sentence sets beside it, which it gives
 * none: "Standard comes with £100 of cover" against "Express includes tracking and £100 of cover, while Standard
 * includes tracking only". The two clauses say alike words of their things.
 */
export function givenToParallel(
  clause: Clause,
  claim: ClaimSentence,
  bound: SourceClause,
  clauses: readonly SourceClause[],
  holds: (candidate: SourceClause) => boolean,
): FoundConflict | undefined {
  const parallel = parallelTo(clause, claim, bound, clauses, holds).filter(({ clause: other }) =>
    other.terms.some((term, at) => at > 0 && bound.clause.termSet.has(term.term)),
  );
  if (parallel.length !== 1 || parallel[0]!.clause.quantities.length > 0) return undefined;
  return {
    conflict: { kind: 'name', claim: parallel[0]!.clause.terms[0]!.lower, source: bound.clause.terms[0]!.lower },
    sentence: bound.sentence,
  };
}

/**
 * The clauses of the bound clause's sentence, other than it, whose first word the claim clause says and the bound
 * clause neither says nor leaves unsaid, when the claim does not say the bound clause's first word: the things the
 * sentence sets beside the bound clause's thing, that the claim may have given its value.
 */
function parallelTo(
  clause: Clause,
  claim: ClaimSentence,
  bound: SourceClause,
  pool: readonly SourceClause[],
  holds: (candidate: SourceClause) => boolean,
): SourceClause[] {
  const theirs = bound.clause.terms[0];
  if (theirs === undefined || claim.terms.has(theirs.term)) return [];
  return besideBound(clause, bound, pool).filter((candidate) => !holds(candidate));
}

/**
 * The clauses of the bound clause's sentence that name first a thing the claim clause says and the bound one does not.
 * A clause that goes on with a verb ("…, may weigh no more than 23 kg") names no thing of its own.
 */
export function besideBound(clause: Clause, bound: SourceClause, pool: readonly SourceClause[]): SourceClause[] {
  return pool.filter((candidate) => {
    const first = candidate.clause.terms[0];
    return (
      candidate !== bound &&
      !GOES_ON_WITH_VERB.test(candidate.clause.text) &&
      candidate.sentence === bound.sentence &&
      first !== undefined &&
      clause.termSet.has(first.term) &&
      !bound.clause.termSet.has(first.term) &&
      !bound.clause.context.has(first.term)
    );
  });
}

const GOES_ON_WITH_VERB =
  /^(?:(?:and|or|but|while|whereas)\s+)?(?:is|are|was|were|be|must|may|might|can|could|will|would|should|shall|has|have|had|does|do|did|needs?)\b/i;

/**
 * The clauses of the bound clause's sentence that say a word of the claim clause with the claim's polarity where the
 * bound clause says it with the other: "and closes at 18:00" beside "opens at 7:30", for "closes at 18:00".
 */
export function saidOtherWayBeside(clause: Clause, bound: SourceClause, pool: readonly SourceClause[]): SourceClause[] {
  const turned = clause.terms.filter((term) =>
    bound.clause.terms.some((own) => own.term === term.term && own.denied !== term.denied),
  );
  if (turned.length === 0) return [];
  return pool.filter(
    (candidate) =>
      candidate !== bound &&
      candidate.sentence === bound.sentence &&
      turned.some((term) => candidate.clause.terms.some((own) => own.term === term.term && own.denied === term.denied)),
  );
}
