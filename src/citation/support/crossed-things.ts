import { clausesWithTerm, type SourceClause } from './claim-alignment.js';
import type { FoundConflict } from './found-conflict.js';
import type { ClaimSentence, ClaimText, Clause, ClauseTerm } from './claim-profile.js';
import { isThing } from './han-subjects.js';

/**
 * The things of the source clause `own` that the claim clause `first` does not say but another claim clause does,
 * with the source clause holding that other claim clause, when it is not `own` and shares enough with it.
 */
function displacedFrom(
  own: Clause,
  first: Clause,
  clauses: readonly Clause[],
  holder: (clause: Clause) => { best: SourceClause | undefined; held: number },
): { displaced: ClauseTerm; elsewhere: Clause }[] {
  const found: { displaced: ClauseTerm; elsewhere: Clause }[] = [];
  for (const displaced of own.terms) {
    if (!isThing(displaced) || first.termSet.has(displaced.term)) continue;
    const second = clauses.find((other) => other !== first && other.termSet.has(displaced.term));
    if (second === undefined) continue;
    const { best: elsewhere, held } = holder(second);
    if (elsewhere === undefined || elsewhere.clause === own || held < CROSSED_SHARED + 1) continue;
    found.push({ displaced, elsewhere: elsewhere.clause });
  }
  return found;
}

/** A claim clause rests on the source clause holding this share of its words. */
const RESTING = 0.5;
/** The clause the other thing moved to shares this many other words with the claim's clause about it. */
const CROSSED_SHARED = 2;

/**
 * Two things of the source that a claim gives each other's places: "Ramps are available for children on request, and
 * lanes 1 and 2 are fitted with bumpers" against "Bumpers are available on request for children, and lanes 1 and 2 are
 * fitted with ramps"; "长江最终在宜昌注入东海，三峡大坝则建在上海"
 * against "…最终在上海注入东海。三峡大坝位于湖北省宜昌市", "活字印刷术是沈括发明的，毕昇…记下了这件事" against
 * "毕昇发明了活字印刷术…沈括…记载了这项发明". Each claim clause rests on the source clause holding most of its
 * words, which names the other thing instead of its own; a rewording does not trade two words the source says
 * elsewhere both ways. On the labelled pairs (counted, not listed), reading English clauses as well as Chinese ones
 * caught 3 more wrong paragraphs on dev and 2 on the test splits, with no more warnings once a sentence that compares
 * is left out.
 */
export function crossedConflict(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  // An English sentence that compares ("the Business Visa instead of the Tourist Visa costs €35 more") says both
  // things in each of its clauses.
  if (!claim.holdsHan && COMPARING.test(claim.text)) return undefined;
  const clauses = claim.clauses.filter((clause) => clause.terms.length > 0);
  if (clauses.length < 2) return undefined;
  const holders = new Map<Clause, { best: SourceClause | undefined; share: number; held: number }>();
  const withTerm = clausesWithTerm(source);
  const holder = (clause: Clause) => {
    const known = holders.get(clause);
    if (known !== undefined) return known;
    // How many of the clause's terms (each time it says one) each source clause holds.
    const counts = new Array<number>(source.clauses.length).fill(0);
    for (const term of clause.terms) for (const c of withTerm.get(term.term) ?? []) counts[c]!++;
    let best: SourceClause | undefined;
    let top = 0;
    for (let c = 0; c < counts.length; c++) if (counts[c]! > top) [best, top] = [source.clauses[c], counts[c]!];
    const found = { best, share: top / clause.terms.length, held: top };
    holders.set(clause, found);
    return found;
  };
  for (const first of clauses) {
    const { best: resting, share } = holder(first);
    if (resting === undefined || share < RESTING) continue;
    const own = resting.clause;
    // The things of `own` the first clause does not say, each with the clause elsewhere in the source that holds the
    // claim clause saying it: the same for every moved thing, so worked out once, when first needed.
    let displacements: { displaced: ClauseTerm; elsewhere: Clause }[] | undefined;
    for (const moved of first.terms) {
      if (!isThing(moved) || own.termSet.has(moved.term) || own.context.has(moved.term)) continue;
      // Some other source clause says the moved thing: `own` does not, so any clause that says it is another.
      if (!source.clauseFrequency.has(moved.term)) continue;
      displacements ??= displacedFrom(own, first, clauses, holder);
      for (const { displaced, elsewhere } of displacements) {
        if (!elsewhere.termSet.has(moved.term) || elsewhere.termSet.has(displaced.term)) continue;
        return {
          conflict: { kind: 'name', claim: moved.lower, source: displaced.lower },
          sentence: resting.sentence,
        };
      }
    }
  }
  return undefined;
}

const COMPARING =
  /\b(?:instead of|than|compared (?:with|to)|versus|vs\.?|unlike|rather than|more|less|fewer|twice|triples?|doubles?|halves)\b/i;
