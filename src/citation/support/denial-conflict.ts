import { binder, clauseCoverage, grounded, isName, sourceClauses, type SourceClause } from './claim-alignment.js';
import {
  converse,
  deniesOwnWordsOnly,
  isCondition,
  opposedRestrictions,
  requirementsSaidApart,
  insteadOfDenied,
  partDisagrees,
  partsDisagree,
  polarity,
  qualifiesOnly,
  bothWaysOf,
  afterTheWait,
  restriction,
  swappedAroundException,
  turnedWordsSaidBy,
  turnsAnyWord,
  spansBothWays,
  type Restriction,
} from './claim-polarity.js';
import { turnsPolarity, type ClaimSentence, type ClaimText, type Clause, type ClauseTerm } from './claim-profile.js';
import type { FoundConflict } from './found-conflict.js';
import { admits, comparable, sameQuantity, type Quantity } from './quantity.js';
import { deniesItsObject, OPEN_SENSE } from './claim-words.js';
import { nearestNames, subjectChain } from './claim-subjects.js';
import { boundsOtherSide, turnsOtherSide } from './bound-conflict.js';
import { speaksOfExcepted } from './exceptions.js';

/**
 * Where a claim clause says the words of a source clause with the other polarity: a denial added or removed, an
 * opposite, a permission turned. The clause is compared with the source clauses that speak of the same thing, and
 * a flip counts only when no other source clause says the claim's polarity as closely and the claim is not about
 * another thing the source names apart.
 */

/** A denial is compared only between clauses that share at least this many terms. */
const POLARITY_SHARED_TERMS = 2;
const POLARITY_COVERAGE = 0.5;
const OWN_SHARE = 0.6;

/**
 * A denial on one side only, over the words both clauses share: "no restart is needed" against "a restart is
 * needed", "forbids" against "allows". Only clauses that clearly speak of the same thing are compared, and only
 * when every clause that binds best agrees that the polarity differs.
 */
export function polarityConflict(
  clause: Clause,
  claim: ClaimSentence,
  source: ClaimText,
  near: readonly SourceClause[],
): FoundConflict | undefined {
  // A number counts among the clause's words: "up to a maximum of 3 euros" says one word of its own.
  if (clause.terms.length + clause.quantities.length < POLARITY_SHARED_TERMS) return undefined;
  // Without a denial or an opposite on either side, polarity cannot differ.
  if (source.polarClauses.length === 0 && !clause.terms.some(turnsPolarity)) return undefined;
  if (qualifiesOnly(clause) || deniedAfter(clause, claim)) return undefined;
  // A source clause speaks of the same thing when it shares two words and most of it is in the claim's clause. One
  // shared word must be more than a name: a denial turns what is said of a thing, and a clause that shares only the
  // thing's name ("Classic events must finish by 11 pm" for "a DJ isn't part of Classic") says something else of it.
  const relatedTo = (candidate: SourceClause) => {
    let own = 0;
    let named = 0;
    for (const term of candidate.clause.terms) {
      if (!clause.termSet.has(term.term)) continue;
      own++;
      if (isName(term, source)) named++;
    }
    if (own === named) return false;
    let unsaid = 0;
    for (const term of candidate.clause.context) if (clause.termSet.has(term)) unsaid++;
    // A day or a number both give ("每周一闭馆", "closed on Mondays") is shared like a word.
    for (const quantity of clause.quantities) if (grounded(quantity, candidate.clause.quantities)) unsaid++;
    const size = candidate.clause.terms.length + candidate.clause.context.size;
    // A short source clause all of whose own words the claim says ("no restart is needed" in "a restart of the
    // service is needed before …") speaks of the same thing, whatever it leaves unsaid.
    const ownShare = own / candidate.clause.terms.length;
    return (
      own >= 1 &&
      own + unsaid >= POLARITY_SHARED_TERMS &&
      (Math.max((own + unsaid) / size, clauseCoverage(clause, candidate.clause)) >= POLARITY_COVERAGE ||
        (own >= POLARITY_SHARED_TERMS && ownShare >= OWN_SHARE))
    );
  };
  // Only a clause that says one of the claim clause's words can be related to it. A condition is compared only with
  // a condition, an assertion only with an assertion. Most claim clauses share too little with every source clause:
  // what else a related clause needs is asked only once one is found.
  const sharing = near.filter(relatedTo);
  if (sharing.length === 0) return undefined;
  const conditional = isCondition(clause, claim);
  const related = sharing.filter(
    (candidate) =>
      isCondition(candidate.clause, source.sentences[candidate.sentence]!) === conditional &&
      !namesOnly(candidate.clause, source) &&
      saysElidedPredicate(clause, candidate.clause),
  );
  if (related.length === 0) return undefined;
  const scoreOf = binder(clause, source, { polarity: false });
  const score = (candidate: SourceClause) => scoreOf(candidate.clause);
  // Each related clause's flip is read once: the search below and the agreeing clauses after it both ask.
  const narrowed = restriction(clause, claim);
  const flips = new Map(related.map((candidate) => [candidate, flipOf(clause, narrowed, candidate, source)]));
  let found: { candidate: SourceClause; flip: { claim: string; source: string }; score: number } | undefined;
  for (const [candidate, flip] of flips) {
    // A rule's other polarity said of the thing it excepts is the exception's own, not a flip of the rule.
    if (flip && speaksOfExcepted(clause, candidate.clause, source)) continue;
    if (flip && (found === undefined || score(candidate) > found.score))
      found = { candidate, flip, score: score(candidate) };
  }
  if (found === undefined || speaksOfAnother(clause, claim, found.candidate, source)) return undefined;
  // One side says a word of keeping out or lacking, the other none: their polarities cannot be set side by side.
  if (deniesOnlyInWords(clause, found.candidate.clause) || deniesOnlyInWords(found.candidate.clause, clause)) {
    return undefined;
  }
  if (anotherThingOrCase(clause, claim, found.candidate, source)) return undefined;
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
  // A clause that goes on about the thing the flipped clause keeps from the clause before it says those words too:
  // "Elastic IPs are free | while attached …, | but cost $0.005 an hour when left unattached".
  const clauses = sourceClauses(source);
  const keptAlike = (candidate: SourceClause, word: string) =>
    found.candidate.clause.context.has(word) &&
    subjectChain(candidate, clauses).some((said) => said !== found.candidate.clause && said.termSet.has(word));
  // Values count for the closeness too: "and the late shift from 15:00 to 23:00" gives both of the claim's times,
  // though it leaves "runs" unsaid, and speaks for it against "the early shift runs from 7:00 to 15:00".
  const values = (candidate: SourceClause) =>
    clause.quantities.filter((quantity) => grounded(quantity, candidate.clause.quantities)).length;
  const agreeing = related.some((candidate) => {
    if (candidate === found.candidate || flips.get(candidate) !== undefined) return false;
    const words = spoken(candidate);
    return (
      [...flippedWords].every((word) => words.has(word) || keptAlike(candidate, word)) &&
      (score(candidate) >= found.score || values(candidate) > values(found.candidate))
    );
  });
  if (agreeing || converse(clause, found.candidate.clause, claim, source.sentences[found.candidate.sentence]!))
    return undefined;
  if (qualifiedAfter(clause, found.candidate, source)) return undefined;
  // The other side of a bound the source states ("over 12" against "under 12") may hold the other way.
  if (turnsOtherSide(clause, found.candidate.clause)) return undefined;
  if (beyondThreshold(clause, found.candidate.clause)) return undefined;
  if (includedInDenial(clause, found.candidate, source)) return undefined;
  if (deniesElidedPredicate(clause, found.candidate.clause)) return undefined;
  if (outsideTheHours(clause, found.candidate.clause)) return undefined;
  // "On orders under $60, standard shipping is not free": the bound said in a clause of its own before the denial.
  if (
    clause.quantities.length === 0 &&
    claim.clauses.some((other) => other !== clause && boundsOtherSide(other, found.candidate.clause))
  )
    return undefined;
  if (spansBothWays(clause, source.sentences[found.candidate.sentence]!)) return undefined;
  if (afterTheWait(clause, found.candidate.clause, source.sentences[found.candidate.sentence]!)) return undefined;
  if (deniedOfAnother(clause, found.candidate.clause)) return undefined;
  if (turnSaidByAnotherClause(clause, claim, found.candidate.clause)) return undefined;
  return { conflict: { kind: 'negation', ...found.flip }, sentence: found.candidate.sentence };
}

/**
 * The flip of a related source clause, unless the two say one thing in forms whose words are not compared one for one:
 * "only" against "except", a requirement said as a denial against one said plainly, what is done instead against the
 * rule that denies the thing replaced. Most related clauses do not flip: the forms are asked only of one that does.
 */
function flipOf(
  clause: Clause,
  narrowed: Restriction | undefined,
  candidate: SourceClause,
  source: ClaimText,
): { claim: string; source: string } | undefined {
  const flip = flipped(clause, candidate.clause);
  if (flip === undefined) return undefined;
  const saidApart =
    opposedRestrictions(narrowed, restriction(candidate.clause, source.sentences[candidate.sentence]!)) ||
    requirementsSaidApart(clause, candidate.clause) ||
    insteadOfDenied(clause, candidate.clause);
  return saidApart ? undefined : flip;
}

/**
 * Whether the two clauses name different members of one numbered family, and the source clause not the claim's:
 * "Maths Paper 1 is a non-calculator paper" is not about "Calculators are allowed in Maths Paper 2".
 */
function numbersAnother(clause: Clause, flipped: Clause): boolean {
  const numbered = (quantity: Quantity) => quantity.cls.startsWith('version:') && Number.isInteger(quantity.raw);
  return clause.quantities.some(
    (ours) =>
      numbered(ours) &&
      flipped.quantities.some((theirs) => theirs.cls === ours.cls && theirs.raw !== ours.raw) &&
      !flipped.quantities.some((theirs) => theirs.cls === ours.cls && theirs.raw === ours.raw),
  );
}

/**
 * Whether another clause of the claim's sentence says every word the claim clause shares with the flipped source
 * clause, the turned ones as the source turns them: "… will keep getting security patches, although it won't be
 * getting any new features" says the source's "but will not get new features" itself, so its first clause is about
 * something else that shares the verb, not its denial. The other clause must say most of the flipped clause: "while
 * unreserved items must be renewed at the desk" turns "reserved" as "unless another member has reserved them" does,
 * but says another thing of it.
 */
function turnSaidByAnotherClause(clause: Clause, claim: ClaimSentence, flipped: Clause): boolean {
  const shared = flipped.terms.filter((term) => clause.termSet.has(term.term));
  if (!shared.some(turnsPolarity)) return false;
  return claim.clauses.some(
    (other) =>
      other !== clause &&
      clauseCoverage(flipped, other) >= SAYS_FLIPPED &&
      shared.every((term) => other.terms.some((own) => own.term === term.term && own.denied === term.denied)),
  );
}

/** The share of the flipped clause's words the other claim clause must say. */
const SAYS_FLIPPED = 0.75;

/**
 * Whether the claim clause speaks of another thing than the flipped clause (`namesAnother`, `numbersAnother`) or of the
 * case it leaves out (`inverseCase`): then a denial or a rule it says otherwise is not the source's contradiction.
 */
export function anotherThingOrCase(
  clause: Clause,
  claim: ClaimSentence,
  flipped: SourceClause,
  source: ClaimText,
): boolean {
  return (
    namesAnother(clause, claim, flipped, source) ||
    numbersAnother(clause, flipped.clause) ||
    inverseCase(clause, claim, flipped.clause)
  );
}

/**
 * Whether another clause of the claim's sentence is a condition that turns a word the flipped source clause says the
 * other way: "If your car wasn't locked, a theft from it isn't covered" states the case "The policy covers theft from a
 * locked car" leaves out, with both turned.
 */
function inverseCase(clause: Clause, claim: ClaimSentence, flipped: Clause): boolean {
  return claim.clauses.some(
    (other) =>
      other !== clause &&
      isCondition(other, claim) &&
      other.terms.some((term) => {
        if (!turnsPolarity(term)) return false;
        const theirs = flipped.terms.find((own) => own.term === term.term);
        return theirs !== undefined && theirs.denied !== term.denied;
      }),
  );
}

/**
 * Whether the claim clause goes on from a clause naming a thing, as the flipped clause does or names one itself, and the
 * two name different
 * things the source both names: "…, while Veterans games are 70 minutes, and substituted players can return" speaks of
 * the Veterans, not of "… but not in the Open Division, where players who have been substituted off cannot return".
 */
function namesAnother(clause: Clause, claim: ClaimSentence, flipped: SourceClause, source: ClaimText): boolean {
  const named = (term: ClauseTerm) => isName(term, source);
  // Only a clause that leaves its thing unsaid goes on about an earlier clause's: "None of Lumen's e-bikes …" names
  // its own.
  if (clause.terms.some(named)) return false;
  const ours = nearestNames(clause, claim.clauses, named);
  if (ours.size === 0) return false;
  const theirs = nearestNames(flipped.clause, source.sentences[flipped.sentence]!.clauses, named);
  if (theirs.size === 0 || [...ours].some((name) => theirs.has(name))) return false;
  return [...ours].some((name) => source.words.has(name));
}

/**
 * Whether the flipped clause only names more of what the clause before it says ("Smoking is not permitted anywhere on
 * the premises, | including balconies"): it says that clause's rule of them, and the claim is judged against that.
 */
function includedInDenial(clause: Clause, candidate: SourceClause, source: ClaimText): boolean {
  if (!INCLUDING.test(candidate.clause.text)) return false;
  const sentence = source.sentences[candidate.sentence]!;
  const before = sentence.clauses[sentence.clauses.indexOf(candidate.clause) - 1];
  return (
    before !== undefined &&
    candidate.clause.terms.every((term) => !term.denied) &&
    flipped(clause, before) === undefined
  );
}

/**
 * Whether the flipped clause denies the verb of the clause before it without saying the verb ("covers defects | but
 * not filters"), and the claim denies that verb of the thing: "Filters aren't covered" says what "but not filters"
 * says.
 */
function deniesElidedPredicate(clause: Clause, flipped: Clause): boolean {
  return (
    ELIDED_DENIAL.test(flipped.text) &&
    clause.terms.some((term) => term.denied && !term.inverted && flipped.context.has(term.term))
  );
}

const ELIDED_DENIAL = /^(?:but|and|or)?\s*not\b/i;

/**
 * Whether the claim clause denies a thing after the end, or before the start, of the hours the flipped clause gives
 * for it: "You can't visit after 8 pm" says what "Visiting hours are 2 pm to 8 pm" leaves out.
 */
function outsideTheHours(clause: Clause, flipped: Clause): boolean {
  const hours = flipped.quantities.filter((quantity) => quantity.cls === 'clock');
  if (hours.length !== 2 || !clause.terms.some((term) => term.denied)) return false;
  const [opens, closes] = hours as [Quantity, Quantity];
  return clause.quantities.some((quantity) => {
    if (quantity.cls !== 'clock') return false;
    const before = clause.text.slice(0, quantity.start - clause.start);
    if (AFTER.test(before)) return sameQuantity(quantity, closes);
    return BEFORE.test(before) && sameQuantity(quantity, opens);
  });
}

const AFTER = /\b(?:after|past|later than|beyond)\s*$/i;
const BEFORE = /\b(?:before|earlier than)\s*$/i;

const INCLUDING = /^(?:including|such as|even|especially|in particular)\b/i;

/**
 * Whether the claim clause gives a value on the other side of a threshold the flipped source clause sets: "Children
 * aged 14 pay half price" is not about "Children aged 12 and under eat free", and may well say otherwise.
 */
function beyondThreshold(clause: Clause, flipped: Clause): boolean {
  return clause.quantities.some(
    (quantity) =>
      !quantity.loose &&
      !quantity.range &&
      flipped.quantities.some(
        (held) =>
          held.threshold && comparable(quantity, held) && !sameQuantity(quantity, held) && !admits(held, quantity),
      ),
  );
}

/**
 * Whether the source gives the property to one thing only ("only the Max supports wireless charging") and the claim
 * denies it of a thing it does not name: the claim says what "only" implies.
 */
function deniedOfAnother(claim: Clause, other: Clause): boolean {
  const only = ONLY_THING.exec(other.text) ?? THING_ONLY.exec(other.text);
  if (only === null) return false;
  const thing = only[1]!.toLowerCase();
  const denies = claim.terms.some((term) => term.cue > 0);
  // "None of the three bikes has it" denies it of the one the source names too.
  return denies && !claim.terms.some((term) => term.lower === thing) && !DENIED_OF_ALL.test(claim.text);
}

const ONLY_THING = /\b[Oo]nly (?:the |a |an )?([A-Z][\w-]*)/;
/** "to Plus members only", "on the Pro plan only": the thing named before a closing "only". */
const THING_ONLY = /\b([A-Z][\w-]*)(?: [a-z]+)? only\b/;
const DENIED_OF_ALL = /\b(?:none|neither|nobody|no one)\b/i;

/**
 * Whether a source clause speaks of what a short elliptic claim clause leaves unsaid: "…, but not on the Ridge loop"
 * denies bringing a dog there, so only a clause that says something of the dog or the bringing can be turned by it,
 * not "the Ridge Trail is a 14 km loop".
 */
function saysElidedPredicate(clause: Clause, candidate: Clause): boolean {
  if (clause.context.size === 0 || clause.terms.length > ELLIPTIC_CLAUSE_TERMS) return true;
  let shared = 0;
  for (const word of clause.context) if (candidate.termSet.has(word) || candidate.context.has(word)) shared++;
  // One shared word may be the thing the clause swaps ("Lakeshore Trail" for "Ridge loop"), not what it says of it.
  return shared >= Math.min(ELIDED_SHARED, clause.context.size);
}

const ELLIPTIC_CLAUSE_TERMS = 2;
const ELIDED_SHARED = 2;

/** A clause of names and numbers only ("The Aria 5"): it says nothing of them that a denial could turn. */
function namesOnly(clause: Clause, source: ClaimText): boolean {
  return clause.terms.every((term) => isName(term, source));
}

/**
 * Whether the source cuts off, as a condition of its own, the part of the flipped clause where the claim's clause
 * reads its words the other way: the claim says the clause and its condition in one.
 */
function qualifiedAfter(clause: Clause, flippedClause: SourceClause, source: ClaimText): boolean {
  const sentence = source.sentences[flippedClause.sentence]!;
  const next = sentence.clauses[sentence.clauses.indexOf(flippedClause.clause) + 1];
  return next !== undefined && isCondition(next, sentence) && turnedWordsSaidBy(clause, flippedClause.clause, next);
}

/**
 * Whether a later clause of the claim's sentence only denies what the clause says ("A PIN made of a single repeated
 * digit, like 777777, is not accepted"): the clause's polarity is that denial's, not its own.
 */
function deniedAfter(clause: Clause, claim: ClaimSentence): boolean {
  const at = claim.clauses.indexOf(clause);
  return claim.clauses.some(
    (other, i) =>
      i > at &&
      other.context.size > 0 &&
      other.terms.length <= ELLIPTIC_DENIAL_TERMS &&
      !CONTRAST_OPENING.test(other.text) &&
      !OWN_SUBJECT.test(other.text) &&
      other.terms.some((term) => term.cue > 0),
  );
}

/** A later clause this short, going on from the one before it, only says whether the sentence holds. */
const ELLIPTIC_DENIAL_TERMS = 2;
/** "…; you don't have to douse it with water" has a subject of its own: it says its own thing, not the sentence's. */
const OWN_SUBJECT = /^(?:(?:and|but|so|or)\s+)?(?:you|it|they|we|he|she|i|there)\b/i;
/** "… but have no effect on bacteria" says something of its own against the clause before. */
const CONTRAST_OPENING = /^(?:but|while|whereas|whilst|although|though|yet)\b/i;

/**
 * Whether the claim clause names a thing or gives a number that the flipped clause's sentence does not, and
 * another source sentence that does holds more of the clause: the claim speaks of that other sentence's thing
 * ("max-age=600 lets a cache serve the response for ten minutes" is not about "no-store … must not be written to
 * any cache").
 */
function speaksOfAnother(
  clause: Clause,
  claim: ClaimSentence,
  flippedClause: SourceClause,
  source: ClaimText,
): boolean {
  const topic = frontedTopic(clause, claim);
  const terms = [...topic, ...clause.terms];
  // How much of the claim clause a sentence or a clause holds: its words, a name twice over, and its numbers.
  const weightIn = (words: ReadonlySet<string>, quantities: readonly Quantity[]) => {
    let weight = 0;
    for (const term of terms) if (words.has(term.term)) weight += isName(term, source) ? 2 : 1;
    for (const quantity of clause.quantities) if (grounded(quantity, quantities)) weight += 1.5;
    return weight;
  };
  const holds = (s: number) => weightIn(source.sentences[s]!.terms, source.sentences[s]!.quantities);
  const own = flippedClause.sentence;
  const flipped = flippedClause.clause;
  const anchoredElsewhere = (s: number) => {
    const sentence = source.sentences[s]!;
    // A name, or the topic the claim puts before its clause, picks out the thing.
    const named = terms.some(
      (term) =>
        (isName(term, source) || topic.includes(term)) &&
        sentence.terms.has(term.term) &&
        !flipped.termSet.has(term.term) &&
        !flipped.context.has(term.term),
    );
    return (
      named ||
      clause.quantities.some(
        (quantity) => grounded(quantity, sentence.quantities) && !grounded(quantity, flipped.quantities),
      )
    );
  };
  const ownWeight = holds(own);
  if (source.sentences.some((_, s) => s !== own && anchoredElsewhere(s) && holds(s) > ownWeight)) return true;
  // So does another clause of the flipped clause's own sentence: "she never received a Nobel Prize; Hahn alone was
  // awarded the 1944 prize" gives the claim about Hahn its own clause.
  const holdsClause = (other: Clause) => weightIn(other.termSet, other.quantities);
  const flippedWeight = holdsClause(flipped);
  const sentence = source.sentences[own]!;
  // Only a clause set apart by a semicolon states a thing of its own; one after a comma goes on with the same one.
  const apart = (other: Clause) => {
    const [first, second] = other.start < flipped.start ? [other, flipped] : [flipped, other];
    return STATEMENT_BREAK.test(sentence.text.slice(first.end - sentence.start, second.start - sentence.start));
  };
  return sentence.clauses.some(
    (other) =>
      other !== flipped &&
      apart(other) &&
      terms.some((term) => isName(term, source) && other.termSet.has(term.term) && !flipped.termSet.has(term.term)) &&
      holdsClause(other) > flippedWeight,
  );
}

const STATEMENT_BREAK = /[;；]/;

/**
 * The words of the short clauses just before the clause in its sentence, which name what it speaks of:
 * "max_connections, on the other hand, needs a restart" is about max_connections.
 */
export function frontedTopic(clause: Clause, claim: ClaimSentence): ClauseTerm[] {
  return topicClauses(clause, claim).flatMap((before) => before.terms);
}

/** The short clauses just before the clause in its sentence that name its topic (see `frontedTopic`), in order. */
export function topicClauses(clause: Clause, sentence: ClaimSentence): Clause[] {
  const topic: Clause[] = [];
  for (let i = sentence.clauses.indexOf(clause) - 1; i >= 0; i--) {
    const before = sentence.clauses[i]!;
    if (before.terms.length > TOPIC_TERMS || before.quantities.length > 0 || COMPARING_OPENING.test(before.text)) break;
    topic.unshift(before);
  }
  return topic;
}

/** A clause this short before another only names its topic or links it to what came before ("on the other hand"). */
const TOPIC_TERMS = 2;
/** "Just as in the permanent collection, …" compares with another thing; it names no topic. */
const COMPARING_OPENING = /^(?:just as|as|like|unlike|compared)\b/i;

/**
 * Whether the clauses say their shared words with opposite polarity: each denial that reaches a shared word, and
 * each shared word said through its opposite, turns the polarity once ("never close" says "open").
 */
export function flipped(claim: Clause, other: Clause): { claim: string; source: string } | undefined {
  // Polarity is compared over the words the source clause says itself, not those it leaves unsaid, and not over a
  // word either clause says both ways ("need more oxygen just as less is available"): that word's polarity
  // depends on which half of the clause is meant.
  // Without a denial or an opposite on either side, the shared words read alike; only the checks below can tell.
  if (!turnsAnyWord(claim) && !turnsAnyWord(other)) return turnedOtherwise(claim, other);
  const claimBoth = bothWaysOf(claim);
  const otherBoth = bothWaysOf(other);
  const hours = endOfHours(claim, other) || endOfHours(other, claim);
  const compared = (term: ClauseTerm, with_: Clause) =>
    with_.termSet.has(term.term) &&
    !claimBoth.has(term.term) &&
    !otherBoth.has(term.term) &&
    !(hours && term.term === OPEN_SENSE) &&
    !degreeOfAnother(term, claim, other);
  const said = claim.terms.filter((term) => compared(term, other));
  const saidBack = other.terms.filter((term) => compared(term, claim));
  if (said.length === 0 || polarity(said, claim, other) === polarity(saidBack, other, claim)) {
    return turnedOtherwise(claim, other);
  }
  // A denial on one side may be said on the other through an opposite of a word only that side has: "nobody is
  // in the office" and "the office stays closed", "does not cover drops" and "drops are excluded" agree. Only
  // the side whose shared words read as affirmed can carry such an opposite, and the denying side none of its
  // own ("irreversibly blocks" does not make "is reversible" agree).
  const deniedShare = (terms: Clause['terms']) => terms.filter((term) => term.denied).length / terms.length;
  const [ours, theirs] = [deniedShare(said), deniedShare(saidBack)];
  const [denying, affirming] = ours > theirs ? [claim, other] : [other, claim];
  const [affirmingTurns, denyingTurns] = [turns(affirming, denying), turns(denying, affirming)];
  if (affirmingTurns > 0 && denyingTurns === 0) return undefined;
  // Where the two deny as many of their shared words (a character's opposite read beside its word, 热水 and 热), the
  // side that turns them through an opposite of its own may be either.
  if (ours === theirs && denyingTurns > 0 && affirmingTurns === 0) return undefined;
  // The affirming side may deny a word of its own instead: both then deny, each through its own words.
  if (deniesOwnWordsOnly(affirming, denying)) return undefined;
  return { claim: claim.text, source: other.text };
}

/**
 * Whether a word of degree ("most", "least", "more", "less") is said of another word in each clause: "the most
 * economical on water" and "uses the least water" turn no shared word, as "more bread" and "less bread" do.
 */
function degreeOfAnother(term: ClauseTerm, claim: Clause, other: Clause): boolean {
  // Where a clause denies, its degree word may be what balances the denial ("never cut off more than a third"): it is
  // compared as the other words are.
  if (!DEGREES.has(term.term) || claim.terms.some(isCued) || other.terms.some(isCued)) return false;
  const after = (clause: Clause) => {
    const at = clause.terms.findIndex((own) => own.term === term.term);
    return clause.terms[at + 1]?.term;
  };
  const [ours, theirs] = [after(claim), after(other)];
  return ours !== undefined && theirs !== undefined && ours !== theirs;
}

const DEGREES: ReadonlySet<string> = new Set(['most', 'more']);

function isCued(term: ClauseTerm): boolean {
  return term.cue > 0;
}

/**
 * Whether one clause opens or closes at a time of day and the other is open over hours from one time to another:
 * "closes at 21:00" names the end of "open from 07:30 to 21:00", and says nothing the other way of whether the place
 * is open. Which time is right is the number checks' to judge. A place closed over hours ("closed from 9 am to 5
 * pm"), or closing at the time the other opens, still turns it.
 */
function endOfHours(at: Clause, hours: Clause): boolean {
  const clocks = (clause: Clause) => clause.quantities.filter((quantity) => quantity.cls === 'clock').length;
  const says = (clause: Clause, inverted: boolean) =>
    clause.terms.some((term) => term.term === OPEN_SENSE && term.inverted === inverted);
  return clocks(at) === 1 && clocks(hours) >= 2 && says(hours, false) && !says(hours, true);
}

/** Clauses whose shared words read alike as wholes, but whose parts, or the sides of an exception, disagree. */
function turnedOtherwise(claim: Clause, other: Clause): { claim: string; source: string } | undefined {
  const turned = partDisagrees(claim, other) || partsDisagree(claim, other) || swappedAroundException(claim, other);
  return turned ? { claim: claim.text, source: other.text } : undefined;
}

/**
 * The opposites a clause says on words the other clause neither shares nor leaves unsaid, after every word they
 * share: said of the shared words ("the office stays closed"), not of a word that follows ("short stays", "outside
 * the EU", "after the light turns green").
 */
function turns(clause: Clause, shared: Clause): number {
  const isShared = (term: ClauseTerm) => shared.termSet.has(term.term) || shared.context.has(term.term);
  let lastShared = -1;
  clause.terms.forEach((term, i) => {
    if (isShared(term)) lastShared = i;
  });
  // A verb of not doing denies its object, the shared words after it: "avoid vitamin supplements". An opposite right
  // before a number bounds the number ("given at least 4 weeks apart"), not what the clause says.
  return clause.terms.filter(
    (term, i) =>
      term.inverted &&
      !boundsNumber(clause, term) &&
      (i > lastShared || predicateBefore(clause, term) || (deniesItsObject(term) && i < lastShared)),
  ).length;
}

function boundsNumber(clause: Clause, term: ClauseTerm): boolean {
  return clause.quantities.some((quantity) => quantity.start >= term.end && quantity.start - term.end <= 1);
}

/**
 * Whether an opposite stands as what the clause says, before a phrase that only places it ("excluded on both plans",
 * "banned in the reading room"), not before a word it describes ("short stays").
 */
function predicateBefore(clause: Clause, term: ClauseTerm): boolean {
  const at = term.end - clause.start;
  return PARTICIPLE.test(term.lower) && PLACING_WORD.test(clause.text.slice(at, at + 12));
}

/** Said as a state: "excluded", "banned", "forbidden", "closed", "off-limits". */
const PARTICIPLE = /(?:ed|en)$|^off-limits$/;

const PLACING_WORD = /^\s+(?:on|in|at|for|from|under|by|during|throughout|across|within)\b/i;

/**
 * Whether the clause says a denial only through a word of keeping out or lacking, which the check does not read as
 * one, and the other clause says no such word: "America stayed out of the League of Nations" for "never joined",
 * "keeps the office LAN's devices out of their reach" for "cannot reach", `被挡在…之外` for `无法访问`, `免除标示` for
 * `不标`. The two polarities cannot be set side by side. A clause that also denies plainly ("does not support …, and
 * lacks …"), and two clauses that both say such a word ("keep seawater out" and "do not keep seawater out", `不免除学费`
 * and `可以免除学费`), are compared as usual.
 */
function deniesOnlyInWords(clause: Clause, other: Clause): boolean {
  return (
    DENIES_IN_WORDS.test(clause.text) && !clause.terms.some((term) => term.cue > 0) && !DENIES_IN_WORDS.test(other.text)
  );
}

const DENIES_IN_WORDS =
  /\b(?:(?:stay|stays|stayed|keep|keeps|kept|leave|leaves|left|shut|locked)\s+(?:\w+\s+)?out\b|out of (?:\w+\s+){0,2}reach|free of (?!charge)|away from|lacks?|lacking|off[- ]limits|barred)\b|挡在|免于|免除/iu;
