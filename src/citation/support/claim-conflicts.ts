import {
  bestBound,
  bindingScore,
  clauseCoverage,
  grounded,
  isName,
  sourceClauses,
  type SourceClause,
  type Window,
} from './claim-alignment.js';
import type { ClaimSentence, ClaimText, Clause, ClauseTerm } from './claim-profile.js';
import { anchorsOf, roleSwap, type SourceProfile } from './claim-roles.js';
import { comparable, conflictKind, disagree, sameQuantity, type Quantity } from './quantities.js';
import type { SupportConflict } from './support-verifier.js';

/**
 * Where a claim sentence disagrees with a source it cites. Each check binds the claim's clause to the source
 * clause it speaks of and compares them there, so that the tram's time is compared with the tram's, not the
 * ferry's; a check that cannot bind says nothing: a contradiction needs evidence.
 */

export interface FoundConflict {
  conflict: SupportConflict;
  /** The source sentence that disagrees. */
  sentence: number;
}

/** A window this well covered is about the same thing as the claim, even when no clause binds on its own. */
const ALIGNED = 0.5;
/** A denial is compared only between clauses that share at least this many terms. */
const POLARITY_SHARED_TERMS = 2;
const POLARITY_COVERAGE = 0.5;
/** A name swap needs the rest of the clause to match this well. */
const NAME_BINDING_COVERAGE = 0.5;

export function findConflict(claim: ClaimSentence, source: SourceProfile, window: Window): FoundConflict | undefined {
  const clauses = sourceClauses(source);
  const said = saidClauses(source);
  let restated = 0;
  for (const clause of claim.clauses) {
    // A clause the source says word for word, with the same denials and numbers, cannot disagree with it.
    if (said.has(clauseSaying(clause))) {
      restated++;
      continue;
    }
    const found =
      quantityConflict(clause, claim, source, clauses, window) ??
      nameConflict(clause, claim, source, clauses) ??
      modifierSwap(clause, clauses) ??
      polarityConflict(clause, source, clauses);
    if (found) return found;
  }
  // Names and numbers cannot have swapped places in a sentence made of the source's own clauses.
  return restated === claim.clauses.length ? undefined : swappedRoles(claim, source);
}

/** What a clause says, as a key: its terms in order, each with its polarity, and its numbers. */
function clauseSaying(clause: Clause): string {
  let key = '';
  for (const term of clause.terms) key += `${term.denied ? '!' : ''}${term.term} `;
  for (const quantity of clause.quantities) key += `|${quantity.cls}=${quantity.text}`;
  return key;
}

/** The sayings of a source's clauses, worked out once a source. */
function saidClauses(source: ClaimText): ReadonlySet<string> {
  let said = sayings.get(source);
  if (said === undefined) {
    said = new Set(source.clauses.map(({ clause }) => clauseSaying(clause)));
    sayings.set(source, said);
  }
  return said;
}

const sayings = new WeakMap<ClaimText, ReadonlySet<string>>();

/** A name or number the claim gives to what the source gives another one of its kind: see claim-roles.ts. */
function swappedRoles(claim: ClaimSentence, source: SourceProfile): FoundConflict | undefined {
  const anchors = claim.clauses.flatMap((clause) => anchorsOf(clause, (term) => isName(term, source)));
  const swap = roleSwap(anchors, source.anchors);
  if (swap === undefined) return undefined;
  const kind = swap.claim.kind === 'name' ? 'name' : 'number';
  return { conflict: { kind, claim: swap.claim.text, source: swap.source.text }, sentence: swap.sentence };
}

function sharedEvidence(claim: Clause, candidate: Clause, source: ClaimText): boolean {
  let shared = 0;
  for (const term of claim.terms) {
    if (!candidate.termSet.has(term.term) && !candidate.context.has(term.term)) continue;
    if (isName(term, source)) return true;
    shared++;
  }
  return shared >= 2;
}

function conflictAt(claim: Quantity, other: Quantity, source: ClaimText): FoundConflict {
  const sentence = source.sentences.findIndex((s) => other.start >= s.start && other.end <= s.end);
  return {
    conflict: { kind: conflictKind(claim, other), claim: claim.text, source: other.text },
    sentence: Math.max(0, sentence),
  };
}

function quantityConflict(
  clause: Clause,
  claim: ClaimSentence,
  source: ClaimText,
  clauses: readonly SourceClause[],
  window: Window,
): FoundConflict | undefined {
  for (const quantity of clause.quantities) {
    // A day of the week is said of opening and closing alike; only another language's clause is compared on it. A
    // product named by a number (三年期) is compared as a name.
    if (quantity.cls === 'weekday' || quantity.cls.startsWith('term:')) continue;
    // A bound ("up to 6 g") speaks of the source's bound of the thing, not of its other values.
    const isBound = (q: Quantity) => q.loose && !q.approx;
    const candidates = clauses.filter(({ clause: other }) =>
      other.quantities.some((held) => comparable(quantity, held) && (!isBound(quantity) || isBound(held))),
    );
    if (candidates.length === 0) continue;
    const holds = (candidate: SourceClause) => candidate.clause.quantities.some((held) => sameQuantity(quantity, held));
    const { best, score } = bestBound(candidates, (candidate) =>
      bindingScore(clause, candidate.clause, source, { polarity: true }),
    );
    // One shared common word is not evidence that two clauses speak of the same thing; two words or a name are.
    const evidence = best.some((candidate) => sharedEvidence(clause, candidate.clause, source));
    let bound = best;
    if (score === 0 || !evidence) {
      // Nothing in the clause binds: the sentence as a whole must be about the window, and the window's
      // values of the kind must all disagree, and the value be nowhere in the source.
      if (window.coverage < ALIGNED || source.quantities.some((held) => sameQuantity(quantity, held))) continue;
      bound = candidates.filter((candidate) => window.sentences.includes(candidate.sentence));
    }
    if (bound.length === 0 || bound.some(holds)) continue;
    const other = bound[0]!.clause.quantities.find((held) => disagree(quantity, held));
    if (other === undefined || !bound.every((c) => c.clause.quantities.some((held) => disagree(quantity, held))))
      continue;
    if (restated(claim, clause, bound[0]!, other, source, clauses)) continue;
    return conflictAt(quantity, other, source);
  }
  return undefined;
}

/**
 * Whether another clause of the claim sentence gives the source clause's own value, and speaks of that clause: "12
 * dollars a month, so 144 dollars a year" works from the source's value rather than contradicting it. A swap
 * ("at 9:00 on weekdays and at 10:00 on Saturdays") gives each value to the other clause, so it is not excused.
 */
function restated(
  claim: ClaimSentence,
  clause: Clause,
  bound: SourceClause,
  value: Quantity,
  source: ClaimText,
  clauses: readonly SourceClause[],
): boolean {
  return claim.clauses.some((other) => {
    if (other === clause || !other.quantities.some((quantity) => sameQuantity(quantity, value))) return false;
    const { best } = bestBound(clauses, (candidate) =>
      bindingScore(other, candidate.clause, source, { polarity: true }),
    );
    return best.includes(bound);
  });
}

/**
 * A name said of what the source says of another name: "SHA-256 is broken" against "SHA-1 is broken, SHA-256
 * is not". The rest of the clause binds it to a source clause that names another thing of the same shape, and
 * not the claim's.
 */
function nameConflict(
  clause: Clause,
  claim: ClaimSentence,
  source: ClaimText,
  clauses: readonly SourceClause[],
): FoundConflict | undefined {
  const names = clause.terms.filter((term) => isName(term, source));
  if (names.length === 0) return undefined;
  const claimNames = new Set(
    claim.clauses.flatMap((c) => c.terms.filter((term) => isName(term, source)).map((term) => term.lower)),
  );
  const except = new Set(names.map((term) => term.term));
  const rest = clause.terms.length - names.length;
  if (rest < 1) return undefined;
  const { best } = bestBound(clauses, (candidate) =>
    clauseCoverage(clause, candidate.clause, except) >= NAME_BINDING_COVERAGE
      ? bindingScore(clause, candidate.clause, source, { except, polarity: true })
      : 0,
  );
  if (best.length !== 1) return undefined;
  const bound = best[0]!;
  // A clause that goes on the one before it ("… and is no longer considered collision-resistant") is said of
  // that clause's names.
  const before = clauses[clauses.indexOf(bound) - 1];
  const continued = bound.clause.context.size > 0 && before?.sentence === bound.sentence ? before.clause : undefined;
  const boundNames = [bound.clause, ...(continued ? [continued] : [])].flatMap((c) =>
    c.terms.filter((term) => term.name || term.initialCapital).map((term) => ({ clause: c, term })),
  );
  for (const name of names) {
    if (bound.clause.terms.some((term) => term.lower === name.lower)) continue;
    // The source says something of this name too, in a clause that says the rest of the claim's words itself or
    // keeps them from the clause before ("… and Neptune is the farthest"), not one that only follows it ("…, when
    // Marco Rossi replaced her").
    // It must hold them as well as the bound clause does: "Mercury is the closest planet" does not speak for
    // "Mercury is the largest planet" against "Jupiter is the largest planet".
    const boundCoverage = clauseCoverage(clause, bound.clause, except);
    const spokenOf = clauses.some(
      ({ clause: other }) =>
        other.terms.some((term) => term.lower === name.lower) &&
        clauseCoverage(clause, other, except, 'kept') >= Math.max(NAME_BINDING_COVERAGE, boundCoverage),
    );
    if (spokenOf) continue;
    // A capitalised first word rivals only a name that is its own clause's first word: "Mercury is the largest
    // planet" against "Jupiter is the largest planet", not "… requires Python" against "Release 2.8.0 …".
    const rival = boundNames.find(
      ({ clause: owner, term: other }) =>
        !claimNames.has(other.lower) &&
        sameShape(other.lower, name.lower) &&
        (other.name || (owner.terms[0] === other && clause.terms[0] === name)),
    );
    if (rival === undefined) continue;
    return {
      conflict: {
        kind: 'name',
        claim: wholeName(clause, name),
        source: wholeName(rival.clause, rival.term),
      },
      sentence: bound.sentence,
    };
  }
  return undefined;
}

/** The rest of a claim clause must be this well held by the source clause it gives to another thing. */
const MODIFIER_BINDING_COVERAGE = 0.8;

/**
 * What the source says of one thing given to another thing it names the same way: "the free plan allows unlimited
 * projects" against "the free plan allows 3 projects … the team plan allows unlimited projects", "trains leave
 * from the northbound platform" against "… from the southbound platform". The claim writes a word right before a
 * word of the source clause that holds the rest of it, where that clause writes another word, and the source
 * writes the claim's pair elsewhere: two things of one kind, and the claim speaks of the other one.
 */
function modifierSwap(clause: Clause, clauses: readonly SourceClause[]): FoundConflict | undefined {
  for (let i = 0; i + 1 < clause.terms.length; i++) {
    const [word, head] = [clause.terms[i]!, clause.terms[i + 1]!];
    // Chinese character pairs overlap: two of them side by side are not a word and the word it describes.
    if (head.start - word.end > 1 || word.term === head.term || HAN.test(word.lower)) continue;
    // Only a pair the source writes itself can name a second thing: looked for first, as it is rarely there.
    const writing = clauses.filter((candidate) => pairBefore(candidate.clause, head.term)?.term === word.term);
    if (writing.length === 0) continue;
    const except = new Set([word.term]);
    const { best, score } = bestBound(clauses, (candidate) => clauseCoverage(clause, candidate.clause, except, 'kept'));
    if (best.length !== 1 || score < MODIFIER_BINDING_COVERAGE) continue;
    const bound = best[0]!;
    if (bound.clause.termSet.has(word.term)) continue;
    // The claim's numbers are the bound clause's: it is that clause's statement the claim makes.
    if (!clause.quantities.every((quantity) => grounded(quantity, bound.clause.quantities))) continue;
    const other = pairBefore(bound.clause, head.term);
    if (other === undefined || other.term === word.term) continue;
    if (!writing.some((candidate) => candidate !== bound)) continue;
    return {
      conflict: { kind: 'name', claim: `${word.lower} ${head.lower}`, source: `${other.lower} ${head.lower}` },
      sentence: bound.sentence,
    };
  }
  return undefined;
}

const HAN = /\p{Script=Han}/u;

/** The term written right before the clause's `head`, if one is. */
function pairBefore(clause: Clause, head: string): ClauseTerm | undefined {
  const at = clause.terms.findIndex((term) => term.term === head);
  const before = clause.terms[at - 1];
  return at > 0 && clause.terms[at]!.start - before!.end <= 1 ? before : undefined;
}

/** A name as written, with the name words written next to it: "Marco Rossi", not "marco". */
function wholeName(clause: Clause, name: ClauseTerm): string {
  let first = clause.terms.indexOf(name);
  let last = first;
  const named = (term: ClauseTerm) => term.name || term.initialCapital;
  const joined = (a: ClauseTerm, b: ClauseTerm) => b.start - a.end <= 1 && named(a) && named(b);
  while (first > 0 && joined(clause.terms[first - 1]!, clause.terms[first]!)) first--;
  while (last + 1 < clause.terms.length && joined(clause.terms[last]!, clause.terms[last + 1]!)) last++;
  return clause.text.slice(clause.terms[first]!.start - clause.start, clause.terms[last]!.end - clause.start);
}

/** Two names of one kind: both technical (digits, inner capitals, acronyms) or both plain proper names. */
function sameShape(a: string, b: string): boolean {
  return /\d/.test(a) === /\d/.test(b);
}

/**
 * A denial on one side only, over the words both clauses share: "no restart is needed" against "a restart is
 * needed", "forbids" against "allows". Only clauses that clearly speak of the same thing are compared, and only
 * when every clause that binds best agrees that the polarity differs.
 */
function polarityConflict(
  clause: Clause,
  source: ClaimText,
  clauses: readonly SourceClause[],
): FoundConflict | undefined {
  if (clause.terms.length < POLARITY_SHARED_TERMS) return undefined;
  // Without a denial or an opposite on either side, polarity cannot differ.
  if (!source.polar && !clause.terms.some((term) => term.cue > 0 || term.inverted)) return undefined;
  // A source clause speaks of the same thing when it shares two words and most of it is in the claim's clause.
  const related = clauses.filter((candidate) => {
    let own = 0;
    for (const term of candidate.clause.terms) if (clause.termSet.has(term.term)) own++;
    if (own === 0) return false;
    let unsaid = 0;
    for (const term of candidate.clause.context) if (clause.termSet.has(term)) unsaid++;
    // A day or a number both give ("每周一闭馆", "closed on Mondays") is shared like a word.
    for (const quantity of clause.quantities) if (grounded(quantity, candidate.clause.quantities)) unsaid++;
    const size = candidate.clause.terms.length + candidate.clause.context.size;
    return (
      own >= 1 &&
      own + unsaid >= POLARITY_SHARED_TERMS &&
      Math.max((own + unsaid) / size, clauseCoverage(clause, candidate.clause)) >= POLARITY_COVERAGE
    );
  });
  const score = (candidate: SourceClause) => bindingScore(clause, candidate.clause, source, { polarity: false });
  let found: { candidate: SourceClause; flip: { claim: string; source: string }; score: number } | undefined;
  for (const candidate of related) {
    const flip = flipped(clause, candidate.clause);
    if (flip && (found === undefined || score(candidate) > found.score))
      found = { candidate, flip, score: score(candidate) };
  }
  if (found === undefined) return undefined;
  // Another clause that says the same things with the claim's polarity, at least as closely, speaks for the claim;
  // a general rule does not speak against its own exception ("sale items … not refunded").
  // The claim's numbers and days count among its words: "closed on Mondays" is not excused by "opens on weekdays".
  const spoken = (candidate: SourceClause) =>
    new Set([
      ...clause.terms
        .filter((term) => candidate.clause.termSet.has(term.term) || candidate.clause.context.has(term.term))
        .map((term) => term.term),
      ...clause.quantities
        .map((quantity, i) => (grounded(quantity, candidate.clause.quantities) ? `#${i}` : ''))
        .filter(Boolean),
    ]);
  const flippedWords = spoken(found.candidate);
  const agreeing = related.some((candidate) => {
    if (candidate === found.candidate || flipped(clause, candidate.clause) !== undefined) return false;
    const words = spoken(candidate);
    return [...flippedWords].every((word) => words.has(word)) && score(candidate) >= found.score;
  });
  if (agreeing) return undefined;
  return { conflict: { kind: 'negation', ...found.flip }, sentence: found.candidate.sentence };
}

/**
 * Whether the clauses say their shared words with opposite polarity: each denial that reaches a shared word, and
 * each shared word said through its opposite, turns the polarity once ("never close" says "open").
 */
export function flipped(claim: Clause, other: Clause): { claim: string; source: string } | undefined {
  // Polarity is compared over the words the source clause says itself, not those it leaves unsaid.
  const said = claim.terms.filter((term) => other.termSet.has(term.term));
  const saidBack = other.terms.filter((term) => claim.termSet.has(term.term));
  if (said.length === 0 || polarity(said) === polarity(saidBack)) return undefined;
  // A denial on one side may be said on the other through an opposite of a word only that side has: "nobody is
  // in the office" and "the office stays closed", "does not cover drops" and "drops are excluded" agree. Only
  // the side whose shared words read as affirmed can carry such an opposite, and the denying side none of its
  // own ("irreversibly blocks" does not make "is reversible" agree).
  const deniedShare = (terms: Clause['terms']) => terms.filter((term) => term.denied).length / terms.length;
  const [denying, affirming] = deniedShare(said) > deniedShare(saidBack) ? [claim, other] : [other, claim];
  if (turns(affirming, denying) > 0 && turns(denying, affirming) === 0) return undefined;
  return { claim: claim.text, source: other.text };
}

/** The opposites a clause says on words the other clause neither shares nor leaves unsaid. */
function turns(clause: Clause, shared: Clause): number {
  return clause.terms.filter(
    (term) => term.inverted && !shared.termSet.has(term.term) && !shared.context.has(term.term),
  ).length;
}

function polarity(terms: Clause['terms']): boolean {
  const cues = new Set(terms.filter((term) => term.cue > 0).map((term) => term.cue));
  const inverted = terms.filter((term) => term.inverted).length;
  return (cues.size + inverted) % 2 === 1;
}
