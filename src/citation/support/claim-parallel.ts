import { comparesTwo } from './compares-two.js';
import { clauseCoverage, grounded, type SourceClause } from './claim-alignment.js';
import { valueConflict, type FoundConflict } from './found-conflict.js';
import { isCondition } from './claim-polarity.js';
import type { ClaimSentence, ClaimText, Clause, ClauseTerm } from './claim-profile.js';
import { hasHan } from './claim-tokens.js';
import { comparable, disagree, sameQuantity, type Quantity } from './quantity.js';

/**
 * What a source says of one of two parallel things given to the other. A sentence that sets two things side by
 * side ("Weekday tickets include a free coffee; weekend tickets include a guided tour", "在线下门店购买的商品可到店
 * 退换；在网上购买的商品须寄回") says each thing's property in its own side. A claim whose words rest on one side
 * but which names the other side's thing ("A weekday ticket comes with a guided tour") gives that side's property to
 * the wrong thing: the writer has crossed the two sides, not said something the source leaves open.
 */

/** One side of a sentence that sets things side by side: the clauses from one `;` or "whereas" to the next. */
interface Side {
  sentence: number;
  clauses: SourceClause[];
  /** The words the side says, and those its first clause most likely keeps from the clause before it. */
  terms: ReadonlySet<string>;
  quantities: readonly Quantity[];
  /** The side's own words, in text order. */
  words: readonly ClauseTerm[];
  /** Says its thing has the other's property too ("suites also include …"). */
  also: boolean;
}

/** The claim's words that rest on the other side must be at least this many: a property, not a shared word. */
const PROPERTY_ITEMS = 2;

export function parallelConflict(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  // Both ways of crossing two sides take something from each side alone: most sentences are passed over here.
  const sentences = sidesOf(source).filter((sides) => takesFromTwo(claim, sides));
  if (sentences.length === 0) return undefined;
  for (const sides of sentences) {
    const found = crossedSides(claim, sides, source);
    if (found) return found;
  }
  for (const unit of unitsOf(claim)) {
    for (const sides of sentences) {
      for (const bound of sides) {
        for (const other of sides) {
          if (other === bound) continue;
          const found = swapBetween(unit, claim, bound, other, source);
          if (found) return found;
        }
      }
    }
  }
  return undefined;
}

/** Whether the claim sentence says a word or number one side says and another does not, and one of that other's. */
function takesFromTwo(claim: ClaimSentence, sides: readonly Side[]): boolean {
  const held = sides.map((side) => ({
    terms: termsIn(claim.terms, side.terms),
    quantities: claim.quantities.filter((quantity) => grounded(quantity, side.quantities)),
  }));
  const beyond = (a: number, b: number) =>
    held[a]!.terms.some((term) => !sides[b]!.terms.has(term)) ||
    held[a]!.quantities.some((quantity) => !held[b]!.quantities.includes(quantity));
  return sides.some((_, a) => sides.some((__, b) => a !== b && beyond(a, b) && beyond(b, a)));
}

/** The terms also in `side`, in order: read off the claim's set, without copying it into an array first. */
function termsIn(terms: ReadonlySet<string>, side: ReadonlySet<string>): string[] {
  const held: string[] = [];
  for (const term of terms) if (side.has(term)) held.push(term);
  return held;
}

/** What one claim clause says: its own words, and those of a condition or a clause before it that it goes on from. */
interface Unit {
  terms: ClauseTerm[];
  quantities: Quantity[];
}

function unitsOf(claim: ClaimSentence): Unit[] {
  const units: Unit[] = [];
  claim.clauses.forEach((clause, i) => {
    // A condition is read with the clause it conditions: "If a process goes over its network quota, it is
    // suspended" says both of one thing.
    if (isCondition(clause, claim) && i + 1 < claim.clauses.length) return;
    const parts: Clause[] = [clause];
    for (let at = i - 1; at >= 0; at--) {
      const before = claim.clauses[at]!;
      if (!isCondition(before, claim) && parts[0]!.context.size === 0) break;
      parts.unshift(before);
    }
    units.push({ terms: parts.flatMap((part) => part.terms), quantities: parts.flatMap((part) => part.quantities) });
  });
  return units;
}

/**
 * The claim unit rests on `bound`'s side (the property) but names `other`'s thing, and not `bound`'s: the swap.
 * The property is what `bound` says that `other` does not, at least two of the unit's words or numbers; the thing is
 * the one word or number the unit takes from `other` alone. A word must be what names `other`'s thing (see
 * `rivalTerm`); a number must stand where `bound` gives another value of its kind ("无证驾驶的，罚款2000元；驾驶时
 * 接打手持电话的，罚款200元" against "开车时接打手持电话，会被罚款2000元").
 */
function swapBetween(
  unit: Unit,
  claim: ClaimSentence,
  bound: Side,
  other: Side,
  source: ClaimText,
): FoundConflict | undefined {
  if (other.also || !shareFrame(bound, other)) return undefined;
  const heldBy = (side: Side) => ({
    terms: unit.terms.filter((term) => side.terms.has(term.term)),
    quantities: unit.quantities.filter((quantity) => grounded(quantity, side.quantities)),
  });
  const inBound = heldBy(bound);
  const inOther = heldBy(other);
  const property = {
    terms: inBound.terms.filter((term) => !other.terms.has(term.term)),
    quantities: inBound.quantities.filter((quantity) => !grounded(quantity, other.quantities)),
  };
  const thing = {
    terms: inOther.terms.filter((term) => !bound.terms.has(term.term)),
    quantities: inOther.quantities.filter((quantity) => !grounded(quantity, bound.quantities)),
  };
  const propertySize = new Set(property.terms.map((term) => term.term)).size + property.quantities.length;
  if (propertySize < PROPERTY_ITEMS) return undefined;
  if (inBound.terms.length + inBound.quantities.length <= inOther.terms.length + inOther.quantities.length)
    return undefined;
  // The thing is one name ("weekday", "standard room", "线下门店") or one number.
  const oneThing =
    thing.quantities.length === 0 ? thing.terms.length > 0 && onePhrase(thing.terms) : thing.quantities.length === 1;
  if (!oneThing || (thing.terms.length > 0 && thing.quantities.length > 0)) return undefined;
  // A thing named the other way round ("持会员卡停车" against "未持会员卡的") is not the other side's thing: it is
  // the case the other side leaves out.
  const saidAs = (term: ClauseTerm) =>
    other.clauses.some(({ clause }) =>
      clause.terms.some((own) => own.term === term.term && own.denied === term.denied),
    );
  if (!thing.terms.every(saidAs)) return undefined;
  // A claim that denies the other thing the property says what the contrast implies; a side that words its own
  // case through a denial ("未按时缴费的") says nothing of the claim's.
  const affirming = bound.clauses.filter(({ clause }) => property.terms.some((term) => clause.termSet.has(term.term)));
  if (
    property.terms.some((term) => term.denied) &&
    !affirming.some(({ clause }) => clause.terms.some((own) => own.denied))
  )
    return undefined;
  if (thing.terms.length > 0) {
    const rival = rivalTerm(thing.terms, bound, other);
    if (rival === undefined || unit.terms.some((term) => term.term === rival.term)) return undefined;
    // "further withdrawals …", "longer visits …": the other side of a limit the source sets, not another thing.
    if (BEYOND_THE_LIMIT.has(rival.lower)) return undefined;
    if (spokenOfElsewhere(thing.terms, property.terms, bound, source)) return undefined;
    return {
      conflict: { kind: 'name', claim: phraseText(claim, thing.terms), source: rival.lower },
      sentence: bound.sentence,
    };
  }
  const value = thing.quantities[0]!;
  const rival = bound.quantities.find(
    (held) =>
      comparable(value, held) &&
      disagree(value, held) &&
      !claim.quantities.some((quantity) => comparable(quantity, held) && sameQuantity(quantity, held)),
  );
  if (rival === undefined) return undefined;
  return valueConflict(value, rival, bound.sentence);
}

/**
 * Two sides speak of two things in one way: some clause of one shares a word with the clause in the same place in
 * the other ("Weekday tickets include …; weekend tickets include …", "…的，罚款2000元；…的，罚款200元").
 */
function shareFrame(a: Side, b: Side): boolean {
  return a.clauses.some(
    ({ clause }, k) =>
      b.clauses[k] !== undefined && clause.terms.some((term) => b.clauses[k]!.clause.termSet.has(term.term)),
  );
}

/**
 * The word `bound` names its thing by, where `other` names the claim's: the first word of each side the other side
 * does not say, or the words each writes right before one head word ("disk quota", "network quota").
 */
function rivalTerm(thing: readonly ClauseTerm[], bound: Side, other: Side): ClauseTerm | undefined {
  const opening = leadingRun(other, bound);
  if (thing.some((named) => opening.some((term) => term.term === named.term))) {
    const first = leadingRun(bound, other)[0];
    if (first !== undefined) return first;
  }
  for (const named of thing) {
    const found = modifierRival(named, bound, other);
    if (found) return found;
  }
  return undefined;
}

/** The word `bound` writes right before a head word where `other` writes `named`: "disk quota", "network quota". */
function modifierRival(named: ClauseTerm, bound: Side, other: Side): ClauseTerm | undefined {
  for (const { clause } of other.clauses) {
    const at = clause.terms.findIndex((term) => term.term === named.term);
    const head = clause.terms[at + 1];
    if (at < 0 || head === undefined || head.start - clause.terms[at]!.end > 1) continue;
    for (const { clause: theirs } of bound.clauses) {
      const k = theirs.terms.findIndex((term) => term.term === head.term);
      const before = theirs.terms[k - 1];
      if (before !== undefined && theirs.terms[k]!.start - before.end <= 1 && !other.terms.has(before.term))
        return before;
    }
  }
  return undefined;
}

/**
 * The words that open a side and the other side does not say: its first such word and the words written on from it
 * ("standard rooms"; "线下门店" is 线下, 下门, 门店).
 */
function leadingRun(side: Side, against: Side): ClauseTerm[] {
  const terms = side.words;
  const at = terms.findIndex((term) => !against.terms.has(term.term));
  if (at < 0) return [];
  const run = [terms[at]!];
  for (let k = at + 1; k < terms.length; k++) {
    const term = terms[k]!;
    // A sense written after a character ("上·") is not a word of the name.
    if (term.term.endsWith('·')) continue;
    if (!writtenOn(run.at(-1)!, term) || against.terms.has(term.term)) break;
    run.push(term);
  }
  return run;
}

/** Words written one after the other, or Chinese character pairs that overlap. */
function writtenOn(previous: ClauseTerm, next: ClauseTerm): boolean {
  return next.start - previous.end <= (hasHan(next.lower) ? 0 : 1);
}

function onePhrase(terms: readonly ClauseTerm[]): boolean {
  const sorted = [...terms].sort((a, b) => a.start - b.start);
  return sorted.every((term, k) => k === 0 || writtenOn(sorted[k - 1]!, term));
}

/** A phrase as the claim writes it: "standard room", "线下门店". */
function phraseText(claim: ClaimSentence, terms: readonly ClauseTerm[]): string {
  const start = Math.min(...terms.map((term) => term.start));
  const end = Math.max(...terms.map((term) => term.end));
  return claim.text.slice(start - claim.start, end - claim.start);
}

/** A clause outside the bound side that names the thing and says the property speaks for the claim. */
function spokenOfElsewhere(
  thing: readonly ClauseTerm[],
  property: readonly ClauseTerm[],
  bound: Side,
  source: ClaimText,
): boolean {
  return source.clauses.some(
    (candidate) =>
      !bound.clauses.includes(candidate) &&
      thing.some((named) => candidate.clause.termSet.has(named.term)) &&
      property.filter((term) => candidate.clause.termSet.has(term.term) || candidate.clause.context.has(term.term))
        .length *
        2 >=
        property.length,
  );
}

/** The sides of each source sentence that has more than one, worked out once a source. */
function sidesOf(source: ClaimText): readonly Side[][] {
  let found = sidesBySource.get(source);
  if (found === undefined) {
    const bySentence = new Map<number, SourceClause[][]>();
    let previous: SourceClause | undefined;
    for (const candidate of source.clauses) {
      const groups = bySentence.get(candidate.sentence) ?? [];
      if (groups.length === 0 || (previous !== undefined && opensSide(previous, candidate, source))) groups.push([]);
      groups.at(-1)!.push(candidate);
      bySentence.set(candidate.sentence, groups);
      previous = candidate;
    }
    found = [...bySentence.values()].filter((groups) => groups.length > 1).map((groups) => groups.map(sideOf));
    sidesBySource.set(source, found);
  }
  return found;
}

const sidesBySource = new WeakMap<ClaimText, readonly Side[][]>();

/** A `;` between two clauses, or a clause opening with "whereas", sets a second thing beside the first. */
function opensSide(previous: SourceClause, next: SourceClause, source: ClaimText): boolean {
  if (previous.sentence !== next.sentence) return false;
  const sentence = source.sentences[next.sentence]!;
  const between = sentence.text.slice(previous.clause.end - sentence.start, next.clause.start - sentence.start);
  return /[;；]/.test(between) || CONTRAST.test(next.clause.text);
}

/** How much of a claim clause a clause of another sentence must hold to be what it speaks of. */
const ELSEWHERE = 0.6;
const CONTRAST = /^(?:while|whereas|whilst)\b|^而/i;
const ALSO = /\b(?:also|too|as well)\b|也|同样|亦/i;

function sideOf(clauses: SourceClause[]): Side {
  const terms = new Set<string>();
  clauses.forEach(({ clause }, i) => {
    for (const term of clause.termSet) terms.add(term);
    for (const term of i === 0 ? clause.kept : clause.context) terms.add(term);
  });
  return {
    sentence: clauses[0]!.sentence,
    clauses,
    terms,
    quantities: clauses.flatMap(({ clause }) => clause.quantities),
    words: clauses.flatMap(({ clause }) => clause.terms),
    also: clauses.some(({ clause }) => ALSO.test(clause.text)),
  };
}

/**
 * Two claim clauses that each take a word or number of their own from each of two sides: "Take paracetamol with food,
 * while ibuprofen is fine on an empty stomach" against "Ibuprofen should be taken with food; paracetamol can be taken
 * on an empty stomach". A claim that
 * speaks of both sides says each side's words in its own clause, or shares them between its clauses.
 */
function crossedSides(claim: ClaimSentence, sides: readonly Side[], source: ClaimText): FoundConflict | undefined {
  const clauses = claim.clauses;
  // "the Oak Suite takes twice as many people as the Birch Suite", "80 against 40": a comparison says both sides at
  // once.
  const comparing = clauses.map(comparesTwo);
  for (let i = 0; i < clauses.length; i++) {
    if (comparing[i]) continue;
    for (let j = i + 1; j < clauses.length; j++) {
      const [first, second] = [clauses[i]!, clauses[j]!];
      if (comparing[j]) continue;
      for (const a of sides) {
        for (const b of sides) {
          if (a === b) continue;
          const moved = sideOnly(first, b, a, second);
          if (moved === undefined || sideOnly(first, a, b, second) === undefined) continue;
          if (sideOnly(second, a, b, first) === undefined || sideOnly(second, b, a, first) === undefined) continue;
          // Asked only of a crossing: it reads every source clause.
          if (saidElsewhere(first, a.sentence, source) || saidElsewhere(second, a.sentence, source)) continue;
          return { conflict: { kind: 'name', claim: first.text, source: moved.text }, sentence: a.sentence };
        }
      }
    }
  }
  return undefined;
}

/**
 * Whether a source sentence other than the sides' says the claim clause ("30 days from delivery to return most things
 * for a full refund"): the clause speaks of that sentence, whatever words it shares with the sides.
 */
function saidElsewhere(clause: Clause, sides: number, source: ClaimText): boolean {
  return source.clauses.some(
    ({ clause: other, sentence }) => sentence !== sides && clauseCoverage(clause, other) >= ELSEWHERE,
  );
}

/**
 * A word or number of the claim clause that `side` says and `against` does not, and that the claim's other clause
 * does not say: with the source clause that says it.
 */
function sideOnly(clause: Clause, side: Side, against: Side, not: Clause): Clause | undefined {
  for (const term of clause.terms) {
    if (!side.terms.has(term.term) || against.terms.has(term.term) || not.termSet.has(term.term)) continue;
    const holder = side.clauses.find(({ clause: own }) => own.termSet.has(term.term));
    if (holder) return holder.clause;
  }
  for (const quantity of clause.quantities) {
    if (grounded(quantity, against.quantities) || grounded(quantity, not.quantities)) continue;
    const holder = side.clauses.find(({ clause: own }) => grounded(quantity, own.quantities));
    if (holder) return holder.clause;
  }
  return undefined;
}

/** Words that name what lies past a limit the sentence sets ("up to three withdrawals …; further withdrawals …"). */
const BEYOND_THE_LIMIT: ReadonlySet<string> = new Set([
  'further',
  'longer',
  'additional',
  'extra',
  'more',
  'later',
  'larger',
  'heavier',
  'excess',
  'subsequent',
]);
