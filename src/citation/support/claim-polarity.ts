import type { Clause, ClauseTerm } from './claim-profile.js';

/**
 * How a clause says its words: affirmed, denied, or through their opposites. What the check compares when it asks
 * whether a claim and a source clause say the same words the same way (see `flipped` in claim-conflicts.ts).
 */

const HAN = /\p{Script=Han}/u;

/**
 * Whether the terms, all of `clause`, read as denied: a denial turns them once, and each word said through its
 * opposite once more ("never close" says "open"). Two English denials in one clause deny two things ("no annual
 * fee and no foreign transaction fee"), not each other; a word said twice through its opposite ("removes the XML
 * export and … the CSV export") is one opposite. An amount of zero before a word denies it as "no" does ("a 0%
 * entry fee").
 */
export function polarity(terms: readonly ClauseTerm[], clause: Clause, other: Clause): boolean {
  const zero = zeroAmountEnd(clause);
  const spent = spentDenials(clause, other);
  const cues = new Set<number>();
  const inverted = new Set<string>();
  const deniedObject = verbsOfDeniedObjects(clause);
  for (const term of terms) {
    if (term.cue > 0) {
      if (!spent.includes(term.cue)) cues.add(HAN.test(term.lower) ? term.cue : 0);
    } else if (term.start >= zero || deniedObject.includes(term)) cues.add(0);
    if (term.inverted) inverted.add(term.term);
  }
  return (cues.size + inverted.size) % 2 === 1;
}

/**
 * The denials of `clause` that deny nothing of what the other clause says: one spent on an opposite the other clause
 * does not say ("it is not hard to dissolve" says "easy to dissolve", "does not drop open connections" says they
 * are kept), and a "no" before the thing a comparison is made with ("no river pours more water than the Amazon"
 * says the Amazon pours more than any river).
 */
function spentDenials(clause: Clause, other: Clause): number[] {
  const spent: number[] = [];
  let last = 0;
  clause.terms.forEach((term, i) => {
    if (term.cue === 0 || term.cue === last) return;
    last = term.cue;
    if (
      (term.inverted && !other.termSet.has(term.term) && !other.context.has(term.term)) ||
      deniesComparedThing(clause, i)
    )
      spent.push(term.cue);
  });
  return spent;
}

/**
 * Whether the clause compares something with what "no" picks out ("no planet is hotter than Venus"): it says the
 * thing after "than" is the one first, so a name there does not stand where the source's "than" names another.
 */
export function comparesWithNone(clause: Clause): boolean {
  return clause.terms.some((term, i) => term.cue > 0 && deniesComparedThing(clause, i));
}

/** Whether the clause's i-th term is a thing "no" picks out for a comparison that follows ("no river … than"). */
function deniesComparedThing(clause: Clause, i: number): boolean {
  const term = clause.terms[i]!;
  const before = clause.text.slice(i === 0 ? 0 : clause.terms[i - 1]!.end - clause.start, term.start - clause.start);
  const after = clause.text.slice(term.end - clause.start);
  return NO_BEFORE.test(before) && !comparative(term, after) && THAN.test(after);
}

/** A word that compares: "more", "less", or one "than" follows ("no later than 5 pm" bounds a time). */
function comparative(term: ClauseTerm, after: string): boolean {
  return COMPARATIVES.has(term.lower) || THAN_NEXT.test(after);
}

const NO_BEFORE = /\b(?:no|nothing|nobody|none)\s+$/i;
const THAN = /\bthan\b/i;
const THAN_NEXT = /^\s+than\b/i;
const COMPARATIVES = new Set(['more', 'less', 'fewer']);

/**
 * The words right before a "no" that denies what they take: "needs no approval" says "does not need approval".
 * The denial reaches the word before it as well as those after.
 */
function verbsOfDeniedObjects(clause: Clause): ClauseTerm[] {
  const found: ClauseTerm[] = [];
  clause.terms.forEach((term, i) => {
    const next = clause.terms[i + 1];
    if (next === undefined || term.cue > 0 || next.cue === 0) return;
    const between = clause.text.slice(term.end - clause.start, next.start - clause.start);
    // "sees no more than three patients" bounds a number; it denies nothing.
    const after = clause.text.slice(next.end - clause.start);
    if (DENYING_DETERMINER.test(between) && !comparative(next, after)) found.push(term);
  });
  return found;
}

const DENYING_DETERMINER = /^\s+no\s+$/i;

/** Where an amount of nothing ("0%", "zero euros") ends in the clause; never when it has none. */
function zeroAmountEnd(clause: Clause): number {
  for (const quantity of clause.quantities) {
    if (quantity.raw === 0 && !quantity.loose && ZERO_KINDS.test(quantity.cls)) return quantity.end;
  }
  return Number.POSITIVE_INFINITY;
}

/** Amounts whose zero means "none": a price, a share, a count; not 0 °C or midnight. */
const ZERO_KINDS = /^(?:percent|money)/;

/**
 * Whether the clause says the term plainly in one of its parts and denied or through its opposite in another: "adds
 * USB 3.2 and removes Windows 7", "fish need more oxygen just as less is available". A word said both ways within
 * one part describes one thing and says another of it ("wipes the saved passwords"): it is said once.
 */
export function saysBothWays(clause: Clause, term: string): boolean {
  let both = bothWays.get(clause);
  if (both === undefined) {
    const parts = partsOf(clause);
    const plain = new Map<string, Set<number>>();
    const turned = new Map<string, Set<number>>();
    clause.terms.forEach((own, i) => {
      const side = own.denied ? turned : plain;
      let seen = side.get(own.term);
      if (seen === undefined) side.set(own.term, (seen = new Set()));
      seen.add(parts[i]!);
    });
    both = new Set(
      [...plain]
        .filter(([word, at]) => [...(turned.get(word) ?? [])].some((part) => !at.has(part) || at.size > 1))
        .map(([word]) => word),
    );
    bothWays.set(clause, both);
  }
  return both.has(term);
}

/** For each term of the clause, which part of it the term stands in: parts are joined by "and", "or", "as", "but". */
function partsOf(clause: Clause): number[] {
  const joints: number[] = [];
  for (const match of clause.text.matchAll(JOINT)) joints.push(clause.start + match.index);
  return clause.terms.map((term) => joints.filter((at) => at < term.start).length);
}

const JOINT = /\b(?:and|or|as|but)\b/gi;

/** Each clause's words said both ways, worked out once: clauses are compared many times. */
const bothWays = new WeakMap<Clause, ReadonlySet<string>>();
