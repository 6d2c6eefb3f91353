import { isName, type SourceClause } from './claim-alignment.js';
import type { ClaimText, Clause, ClauseTerm } from './claim-profile.js';
import type { FoundConflict } from './found-conflict.js';

/**
 * A property the source gives one named thing only, said by the claim of another thing the source names: "Plus lets
 * you upload files bigger than 5 GB" against "Files larger than 5 GB can be uploaded only on Pro"; "The X5's in-body
 * stabilisation is rated at up to 6 stops" against "only the X7 has in-body image stabilisation". The claim must say
 * the source clause's own words, none of them denied, and name neither the thing the source keeps the property for
 * nor any other thing the source names in that clause.
 */

/** The thing "only" keeps a property for: "only the X7", "only on Pro", "only in Pro": its first word, a name. */
const ONLY_NAMED = /\bonly (?:(?:on|in|for|with|to|by) )?(?:the |a |an )?([A-Z][\w-]*)/;
/** How many of the source clause's words, besides the kept thing's, the claim must say. */
const SAID_WORDS = 2;
/** The share of those words it must say. */
const SAID_SHARE = 0.6;

export function onlyConflict(
  clause: Clause,
  source: ClaimText,
  near: readonly SourceClause[],
): FoundConflict | undefined {
  if (clause.holdsHan || clause.terms.some((term) => term.cue > 0 || term.inverted)) return undefined;
  for (const candidate of near) {
    const only = ONLY_NAMED.exec(candidate.clause.text);
    if (only === null) continue;
    const kept = only[1]!.toLowerCase();
    if (clause.terms.some((term) => term.lower === kept)) continue;
    const said = candidate.clause.terms.filter((term) => term.lower !== kept && !isName(term, source));
    const shared = said.filter((term) => clause.termSet.has(term.term)).length;
    if (shared < SAID_WORDS || shared < SAID_SHARE * said.length) continue;
    // The claim's own thing: a name of the source the candidate clause does not say.
    const other = clause.terms.find(
      (term: ClauseTerm) =>
        (isName(term, source) || term.initialCapital) &&
        !candidate.clause.termSet.has(term.term) &&
        term.lower !== kept,
    );
    if (other === undefined || !source.words.has(other.lower)) continue;
    return { conflict: { kind: 'name', claim: other.lower, source: kept }, sentence: candidate.sentence };
  }
  return undefined;
}
