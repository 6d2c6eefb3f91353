import type { ClaimSentence, Clause, ClauseTerm } from './claim-profile.js';
import { sameQuantity, type Quantity } from './quantity.js';
import { deniedReach, hanPassesBound, hanSpeaksOfPassing, isRelation } from './claim-words.js';
import { hasHan } from './claim-tokens.js';
import { Note } from './notes.js';

/**
 * How a clause says its words: affirmed, denied, or through their opposites. What the check compares when it asks
 * whether a claim and a source clause say the same words the same way (see `flipped` in claim-conflicts.ts).
 */

/**
 * Whether the terms, all of `clause`, read as denied: a denial turns them once, and each word said through its
 * opposite once more ("never close" says "open"). Two English denials in one clause deny two things ("no annual
 * fee and no foreign transaction fee"), not each other; a word said twice through its opposite ("removes the XML
 * export and … the CSV export") is one opposite. An amount of zero before a word denies it as "no" does ("a 0%
 * entry fee").
 */
export function polarity(terms: readonly ClauseTerm[], clause: Clause, other: Clause): boolean {
  const own = ownReading(clause);
  // Without a denial or an amount of nothing, only the clause's opposites turn it.
  if (!own.denies) return distinctInverted(terms) % 2 === 1;
  const spent = spentDenials(clause, own, other);
  const cues = new Set<number>();
  for (const term of terms) {
    const cue = cueOf(term, own, spent);
    if (cue !== undefined) cues.add(cue);
  }
  return (cues.size + distinctInverted(terms)) % 2 === 1;
}

/** How many different words the terms say through their opposites: a word said so twice is one opposite. */
function distinctInverted(terms: readonly ClauseTerm[]): number {
  let count = 0;
  for (let i = 0; i < terms.length; i++) {
    if (!terms[i]!.inverted) continue;
    let seen = false;
    for (let j = 0; j < i && !seen; j++) seen = terms[j]!.inverted && terms[j]!.term === terms[i]!.term;
    if (!seen) count++;
  }
  return count;
}

/** Whether the clause's i-th term reads as denied, once its denials are read as `polarity` reads them. */
function readsDenied(clause: Clause, i: number, other: Clause): boolean {
  const term = clause.terms[i]!;
  const own = ownReading(clause);
  if (!own.denies) return term.inverted;
  return (cueOf(term, own, spentDenials(clause, own, other)) !== undefined) !== term.inverted;
}

/**
 * Whether every word the claim clause shares with `other` but reads the other way is said, as the claim reads it, by
 * `qualifier`: "CVs are removed after six months unless the applicant agreed otherwise" reads "applicant" as denied,
 * and so does the source's "…, unless the applicant has agreed", cut from the clause it qualifies by a comma.
 */
export function turnedWordsSaidBy(claim: Clause, other: Clause, qualifier: Clause): boolean {
  let turned = 0;
  const held = claim.terms.every((term, i) => {
    const j = other.terms.findIndex((own) => own.term === term.term);
    if (j < 0 || readsDenied(claim, i, other) === readsDenied(other, j, claim)) return true;
    turned++;
    const k = qualifier.terms.findIndex((own) => own.term === term.term);
    return k >= 0 && readsDenied(qualifier, k, claim) === readsDenied(claim, i, qualifier);
  });
  return turned > 0 && held;
}

/** Which denial reaches a term, as `polarity` counts them: undefined when none does. */
function cueOf(term: ClauseTerm, own: OwnReading, spent: readonly number[]): number | undefined {
  if (term.cue > 0) return spent.includes(term.cue) ? undefined : hasHan(term.lower) ? term.cue : 0;
  return term.start >= own.zero || own.deniedObjects.has(term) ? 0 : undefined;
}

/** What a clause's denials reach beyond its denial words: worked out once a clause. */
interface OwnReading {
  /** Where an amount of nothing ends: the words after it are denied. */
  zero: number;
  deniedObjects: ReadonlySet<ClauseTerm>;
  /** Whether a denial, or an amount of nothing, reaches any word: when none does, only opposites turn the clause. */
  denies: boolean;
  /** The first word each denial reaches, in order, and whether "no" picks it out for a comparison (see `spentDenials`). */
  denials: readonly { cue: number; term: ClauseTerm; comparedThing: boolean }[];
  /** Some denied word is a thing "no" picks out for a comparison: see `comparesWithNone`. */
  comparesWithNone: boolean;
  /** Whether anything turns a word of the clause: a denial, an amount of nothing or an opposite. */
  turns: boolean;
}

const ownReadings = new Note<OwnReading>();

function ownReading(clause: Clause): OwnReading {
  let reading = ownReadings.get(clause);
  if (reading === undefined) {
    const denials = denialsOf(clause);
    const zero = zeroAmountEnd(clause);
    // Only a word a denial reaches, or a "nothing", can be the object of a "no".
    const deniedObjects =
      denials.length === 0 && !NOTHING.test(clause.text) ? NO_TERMS : new Set(verbsOfDeniedObjects(clause));
    const denies = denials.length > 0 || zero !== Number.POSITIVE_INFINITY || deniedObjects.size > 0;
    reading = {
      zero,
      deniedObjects,
      denies,
      turns: denies || clause.terms.some((term) => term.inverted),
      denials,
      comparesWithNone:
        denials.length > 0 && clause.terms.some((term, i) => term.cue > 0 && deniesComparedThing(clause, i)),
    };
    ownReadings.set(clause, reading);
  }
  return reading;
}

const NO_TERMS: ReadonlySet<ClauseTerm> = new Set();
const NOTHING = /\bnothing\b/i;

/** The first word each denial of the clause reaches, in order: a run of words one denial reaches is read once. */
function denialsOf(clause: Clause): OwnReading['denials'] {
  const denials: { cue: number; term: ClauseTerm; comparedThing: boolean }[] = [];
  let last = 0;
  clause.terms.forEach((term, i) => {
    if (term.cue === 0 || term.cue === last) return;
    last = term.cue;
    denials.push({ cue: term.cue, term, comparedThing: deniesComparedThing(clause, i) });
  });
  return denials;
}

/**
 * The denials of `clause` that deny nothing of what the other clause says: one spent on an opposite the other clause
 * does not say ("it is not hard to dissolve" says "easy to dissolve", "does not drop open connections" says they
 * are kept), and a "no" before the thing a comparison is made with ("no river pours more water than the Amazon"
 * says the Amazon pours more than any river).
 */
function spentDenials(clause: Clause, own: OwnReading, other: Clause): number[] {
  const spent: number[] = [];
  for (const { cue, term, comparedThing } of own.denials) {
    const unsaid = !other.termSet.has(term.term) && !other.context.has(term.term);
    if ((term.inverted && unsaid) || comparedThing || (unsaid && passesBound(clause, term, other))) spent.push(cue);
  }
  return spent;
}

/**
 * Whether the clause denies, in the part that says the words it shares with the other clause, only words of its
 * own: "shipping costs are not refunded" denies its verb, which "you will not get the shipping cost back" denies in
 * other words, its denial reaching the words the two share. Each clause denies what it says, so their polarity over
 * the shared words tells nothing.
 */
export function deniesOwnWordsOnly(clause: Clause, other: Clause): boolean {
  const spent = spentDenials(clause, ownReading(clause), other);
  const parts = partsOf(clause);
  const sharedParts = new Set<number>();
  clause.terms.forEach((term, i) => {
    if (other.termSet.has(term.term) || other.context.has(term.term)) sharedParts.add(parts[i]!);
  });
  const reaching = new Map<number, number[]>();
  clause.terms.forEach((term, i) => {
    if (term.cue > 0 && !spent.includes(term.cue)) reaching.set(term.cue, [...(reaching.get(term.cue) ?? []), i]);
  });
  // "Filming without a tripod is allowed" denies a phrase, not what it says of filming: it is no denial of its own
  // against "filming is not allowed".
  for (const cue of clause.phraseDenials) reaching.delete(cue);
  return [...reaching.values()].some(
    (reached) =>
      reached.every((i) => !other.termSet.has(clause.terms[i]!.term) && !other.context.has(clause.terms[i]!.term)) &&
      reached.some((i) => sharedParts.has(parts[i]!)),
  );
}

/**
 * Whether the denied words start with passing a bound ("without going over its budget", "never exceeds the
 * limit", "不得超过5年"): the denial places a value within the bound, and denies nothing of the bound itself.
 */
function passesBound(clause: Clause, term: ClauseTerm, other: Clause): boolean {
  const said = clause.text.slice(term.start - clause.start);
  // Chinese character pairs cut the bound word differently on each side ("不超过", "赔超过"): it is looked for whole.
  return PASSING_BOUND.test(said) || (hanPassesBound(said) && !hanSpeaksOfPassing(other.text));
}

const PASSING_BOUND =
  /^(?:(?:go|goes|going|went|gone|get|gets|getting|got|run|runs|running|ran)\s+(?:over|above|beyond|past)|exceed\w*|surpass\w*)\b/i;

/**
 * Whether the clause compares something with what "no" picks out ("no planet is hotter than Venus"): it says the
 * thing after "than" is the one first, so a name there does not stand where the source's "than" names another.
 */
export function comparesWithNone(clause: Clause): boolean {
  return ownReading(clause).comparesWithNone;
}

/** Whether the clause's i-th term is a thing "no" picks out for a comparison that follows ("no river … than"). */
function deniesComparedThing(clause: Clause, i: number): boolean {
  const term = clause.terms[i]!;
  const before = clause.text.slice(i === 0 ? 0 : clause.terms[i - 1]!.end - clause.start, term.start - clause.start);
  // "No extra heater is needed until it gets colder than −15" compares nothing: the "than" is past the denial's reach.
  const after = deniedReach(clause.text.slice(term.end - clause.start));
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
 * The words right before a "no" that denies what they take: "needs no approval" says "does not need approval", and
 * "cancelling costs nothing" says "does not cost". The denial reaches the word before it as well as those after.
 */
function verbsOfDeniedObjects(clause: Clause): ClauseTerm[] {
  const found: ClauseTerm[] = [];
  clause.terms.forEach((term, i) => {
    if (term.cue > 0) return;
    const next = clause.terms[i + 1];
    const rest = clause.text.slice(term.end - clause.start);
    if (next === undefined || next.cue === 0) {
      // "nothing" takes no word after it; "costs nothing more than …" and "nothing but …" bound or except.
      if (EMPTY_OBJECT.test(rest)) found.push(term);
      return;
    }
    const between = clause.text.slice(term.end - clause.start, next.start - clause.start);
    // "sees no more than three patients" bounds a number; it denies nothing.
    const after = clause.text.slice(next.end - clause.start);
    if (DENYING_DETERMINER.test(between) && !comparative(next, after)) found.push(term);
  });
  return found;
}

const DENYING_DETERMINER = /^\s+no\s+$/i;
const EMPTY_OBJECT = /^\s+nothing\b(?!\s+(?:more|less|but|else|other)\b)/i;

/** Where an amount of nothing ("0%", "zero euros") ends in the clause; never when it has none. */
function zeroAmountEnd(clause: Clause): number {
  for (const quantity of clause.quantities) {
    if (quantity.raw === 0 && !quantity.loose && ZERO_KINDS.test(quantity.cls)) return quantity.end;
  }
  return Number.POSITIVE_INFINITY;
}

/** Amounts whose zero means "none": a price or a share; not 0 °C or midnight. */
const ZERO_KINDS = /^(?:percent|money)/;

/**
 * Whether the clause says the term plainly in one of its parts and denied or through its opposite in another: "adds
 * USB 3.2 and removes Windows 7", "fish need more oxygen just as less is available". A word said both ways within
 * one part describes one thing and says another of it ("wipes the saved passwords"): it is said once.
 */
export function saysBothWays(clause: Clause, term: string): boolean {
  return bothWaysOf(clause).has(term);
}

/** Whether a denial, an amount of nothing or an opposite turns some word of the clause: else `polarity` is false. */
export function turnsAnyWord(clause: Clause): boolean {
  return ownReading(clause).turns;
}

/** The words `saysBothWays` is true of, for callers that ask of many words. */
export function bothWaysOf(clause: Clause): ReadonlySet<string> {
  return bothWays.get(clause) ?? bothWays.set(clause, bothWaysIn(clause));
}

/** Each clause's words said both ways, worked out once: clauses are compared many times. */
const bothWays = new Note<ReadonlySet<string>>();

/** The words of `saysBothWays`. */
function bothWaysIn(clause: Clause): ReadonlySet<string> {
  let both: Set<string> | undefined;
  // A word said both ways is denied, or said through its opposite, in one of its places.
  for (const term of clause.terms) {
    if (term.denied && !both?.has(term.term) && plainElsewhere(clause.terms, partsOf(clause), term.term)) {
      (both ??= new Set()).add(term.term);
    }
  }
  return both ?? NO_WORDS;
}

/**
 * Whether the word, denied somewhere in the clause, is said plainly in another part than a place it is denied, or
 * plainly in two parts.
 */
function plainElsewhere(terms: readonly ClauseTerm[], parts: readonly number[], word: string): boolean {
  // The one part the word is said plainly in; NONE when in none, MANY when in more than one.
  let plainPart = NONE;
  for (let i = 0; i < terms.length; i++) {
    if (terms[i]!.term !== word || terms[i]!.denied) continue;
    if (plainPart === NONE) plainPart = parts[i]!;
    else if (plainPart !== parts[i]) plainPart = MANY;
  }
  if (plainPart === NONE) return false;
  if (plainPart === MANY) return true;
  for (let i = 0; i < terms.length; i++) {
    if (terms[i]!.term === word && terms[i]!.denied && parts[i] !== plainPart) return true;
  }
  return false;
}

const NONE = -1;
const MANY = -2;

const NO_WORDS: ReadonlySet<string> = new Set();

/**
 * Whether the claim says a word the other clause says both ways, the other way than the part of that clause its
 * other words speak of: "adds support for Windows 7" against "adds support for USB 3.2 and removes support for
 * Windows 7", "rises in the east and sets in the west" against "rises in the west and sets in the east". The words
 * before the word's first place in the other clause are what all its parts speak of, and tell no part.
 */
export function partDisagrees(claim: Clause, other: Clause): boolean {
  // A span from one value to another says what holds between the two ends the other clause names apart: "open from
  // 6 am to midnight" is "opens at 6 am and closes at midnight".
  if (bothWaysOf(other).size === 0 || SPAN.test(claim.text)) return false;
  const claimParts = partsOf(claim);
  const otherParts = partsOf(other);
  return claim.terms.some((term, i) => {
    if (!saysBothWays(other, term.term)) return false;
    // The part of the claim must be about what the other clause says, not only share a word with it.
    const part = claim.terms.filter((_, k) => claimParts[k] === claimParts[i]);
    if (part.filter((word) => other.termSet.has(word.term)).length < PART_COVERAGE * part.length) return false;
    const first = other.terms.findIndex((own) => own.term === term.term);
    const votes = new Map<number, number>();
    claim.terms.forEach((word, k) => {
      if (claimParts[k] !== claimParts[i] || word.term === term.term) return;
      const places = new Set<number>();
      other.terms.forEach((own, j) => {
        if (own.term === word.term && j > first) places.add(otherParts[j]!);
      });
      if (places.size === 1) {
        const part = [...places][0]!;
        votes.set(part, (votes.get(part) ?? 0) + 1);
      }
    });
    const ranked = [...votes].sort((a, b) => b[1] - a[1]);
    if (ranked.length === 0 || (ranked.length > 1 && ranked[1]![1] === ranked[0]![1])) return false;
    const there = other.terms.findIndex((own, j) => own.term === term.term && otherParts[j] === ranked[0]![0]);
    return there >= 0 && readsDenied(other, there, claim) !== readsDenied(claim, i, other);
  });
}

const PART_COVERAGE = 0.6;
/**
 * Whether the claim clause says a span ("open from 9 am to 5 pm") of a word its source sentence says both ways, in
 * clauses of their own ("opens at 9 am and closes at 5 pm"): the span holds between the two.
 */
export function spansBothWays(claim: Clause, sentence: ClaimSentence): boolean {
  const span = SPAN.exec(claim.text);
  // The span starts at the first value after its opening word: "On Saturdays the café is open from 8 am to 3 pm".
  const start = span === null ? undefined : claim.quantities.find((q) => q.start >= claim.start + span.index);
  if (start === undefined) return false;
  // The clause that gives the span's start says the word as the claim does: "open from 9 am" is "opens at 9 am", and
  // "closed from 9 am" is not.
  const opening = sentence.clauses.find((clause) => clause.quantities.some((held) => sameQuantity(start, held)));
  if (opening === undefined) return false;
  return claim.terms.some((term) => {
    const atStart = opening.terms.find((own) => own.term === term.term);
    if (atStart === undefined || atStart.denied !== term.denied) return false;
    return sentence.clauses.some(
      (clause) =>
        clause !== opening && clause.terms.some((own) => own.term === term.term && own.denied !== term.denied),
    );
  });
}

const SPAN = /\bfrom\b.+\b(?:to|until|till)\b|\bbetween\b.+\band\b|从.+(?:到|至)/i;

/**
 * Whether a part of the claim clause and the part of the other clause that shares most of its words say them
 * with opposite polarity, though the clauses as wholes agree: "lower the blade and mow more often" against "raise
 * the blade and mow less often" turns both parts.
 */
export function partsDisagree(claim: Clause, other: Clause): boolean {
  // Parts can say their words with opposite polarity only if something turns a word of one clause.
  if (!turnsAnyWord(claim) && !turnsAnyWord(other)) return false;
  const claimParts = partsOf(claim);
  const otherParts = partsOf(other);
  if (!claimParts.some((part) => part > 0) && !otherParts.some((part) => part > 0)) return false;
  const partTerms = (clause: Clause, parts: number[], part: number) => clause.terms.filter((_, i) => parts[i] === part);
  for (const part of new Set(claimParts)) {
    const ours = partTerms(claim, claimParts, part);
    const words = new Set(ours.map((term) => term.term));
    let best: ClauseTerm[] = [];
    let bestPart = 0;
    let shared = new Set<string>();
    let tie = false;
    for (const theirPart of new Set(otherParts)) {
      const theirs = partTerms(other, otherParts, theirPart).filter((term) => words.has(term.term));
      const distinct = new Set(theirs.map((term) => term.term));
      if (distinct.size > shared.size) [best, bestPart, shared, tie] = [theirs, theirPart, distinct, false];
      else if (distinct.size === shared.size) tie = true;
    }
    // The parts must be about the same thing: most of the claim's part is in the other's.
    if (tie || shared.size < 2 || shared.size < PART_COVERAGE * words.size) continue;
    const said = ours.filter((term) => shared.has(term.term));
    if (polarity(said, claim, other) === polarity(best, other, claim)) continue;
    if (!listBeforeDenial(claim, claimParts, part) && !listBeforeDenial(other, otherParts, bestPart)) return true;
  }
  return false;
}

/**
 * Whether a part is one of the things a later denial of the clause speaks of, not a statement of its own: in
 * "Plastic bags and film must not be placed in either bin", "Plastic bags" says nothing, and the denial after it is
 * said of it too. Such a part stands before the clause's first denial, denies nothing itself, and shares no word with
 * the part that denies ("Cats are allowed and dogs are not allowed" says "allowed" in both).
 */
function listBeforeDenial(clause: Clause, parts: readonly number[], part: number): boolean {
  const firstCue = clause.terms.findIndex((term) => term.cue > 0);
  if (firstCue < 0 || parts[firstCue] === part) return false;
  const own = clause.terms.filter((_, i) => parts[i] === part);
  if (own.some((term) => term.inverted) || clause.terms.findIndex((_, i) => parts[i] === part) > firstCue) return false;
  const denying = new Set(clause.terms.filter((_, i) => parts[i] === parts[firstCue]).map((term) => term.term));
  return own.every((term) => !denying.has(term.term));
}

/** For each term of the clause, which part of it the term stands in: parts are joined by "and", "or", "as", "but". */
function partsOf(clause: Clause): number[] {
  return clauseParts.get(clause) ?? clauseParts.set(clause, partsAt(clause));
}

const clauseParts = new Note<number[]>();

function partsAt(clause: Clause): number[] {
  const joints: number[] = [];
  JOINT.lastIndex = 0;
  for (let match = JOINT.exec(clause.text); match !== null; match = JOINT.exec(clause.text)) {
    joints.push(clause.start + match.index);
  }
  return clause.terms.map((term) => {
    let before = 0;
    for (const at of joints) if (at < term.start) before++;
    return before;
  });
}

const JOINT = /\b(?:and|or|but|as(?!\s+(?:it|they)\s+(?:is|are|was|were)\b))\b/gi;

/**
 * A short claim clause that only says under what the rest holds ("Because of the risk of Reye's syndrome", "If your
 * car wasn't locked"): it states nothing whose polarity can disagree on its own.
 */
export function qualifiesOnly(clause: Clause): boolean {
  return (
    clause.terms.length <= QUALIFIER_TERMS && clause.quantities.length === 0 && CONDITION_OPENING.test(clause.text)
  );
}

const QUALIFIER_TERMS = 3;
const CONDITION_OPENING = /^(?:because|if|unless|when|once|as|given)\b/i;

/**
 * Whether the claim says the source's relation turned round, with its two sides swapped: "wait until the beans are
 * tender before you salt them" is "add the salt after the beans have softened", "five years after the Stockton
 * and Darlington opened, the Liverpool and Manchester followed" is "… Stockton and Darlington, five years before
 * the Liverpool and Manchester". Each side names, after its relation word, what the other names before or apart
 * from it. So does a comparison whose other side is what one clause speaks of: "growth was faster before than
 * after the oil crisis" against "after the oil crisis, growth slowed".
 */
export function converse(
  claimClause: Clause,
  sourceClause: Clause,
  claim: ClaimSentence,
  source: ClaimSentence,
): boolean {
  return claimClause.terms.some((relation, i) => {
    // Chinese character pairs overlap: the pair after a word is not what the word relates.
    if (hasHan(relation.lower)) return false;
    const j = sourceClause.terms.findIndex(
      (other) => other.term === relation.term && other.inverted !== relation.inverted,
    );
    if (j < 0) return false;
    if (comparedWith(claimClause, sourceClause) || comparedWith(sourceClause, claimClause)) return true;
    if (!isRelation(relation.term)) return false;
    const ours = claimClause.terms[i + 1];
    const theirs = sourceClause.terms[j + 1];
    return (
      ours !== undefined &&
      theirs !== undefined &&
      ours.term !== theirs.term &&
      claim.terms.has(theirs.term) &&
      source.terms.has(ours.term)
    );
  });
}

/**
 * Whether `clause` compares with something ("… than after the oil crisis") that `other`, which compares nothing,
 * mostly says.
 */
function comparedWith(clause: Clause, other: Clause): boolean {
  const than = THAN.exec(clause.text);
  if (than === null || THAN.test(other.text)) return false;
  const at = clause.start + than.index;
  const compared = clause.terms.filter((term) => term.start > at);
  const said = compared.filter((term) => other.termSet.has(term.term) || other.context.has(term.term));
  return said.length > 0 && said.length * 2 >= compared.length;
}

/**
 * Whether the two clauses put two words on either side of the same "unless" (or "except", "rather than", "instead
 * of", "than") the other way round: "paid out automatically unless you choose to reinvest them" against "reinvested
 * automatically unless you choose to have them paid out", "plants in full sun grew more slowly than those in shade"
 * against the reverse. Each clause denies, or compares, what the other affirms, though both say it the same way.
 */
export function swappedAroundException(claim: Clause, other: Clause): boolean {
  const ours = exceptionOf(claim);
  const theirs = exceptionOf(other);
  if (ours === undefined || theirs === undefined || ours.word !== theirs.word) return false;
  // "No river pours more water than the Amazon" puts the sides the other way round on purpose.
  if (comparesWithNone(claim) || comparesWithNone(other)) return false;
  const side = (clause: Clause, at: number, term: string) => {
    const own = clause.terms.find((t) => t.term === term);
    return own === undefined ? undefined : own.start < at;
  };
  let forward = false;
  let backward = false;
  for (const term of claim.terms) {
    if (!other.termSet.has(term.term)) continue;
    const here = side(claim, ours.at, term.term);
    const there = side(other, theirs.at, term.term);
    if (here === true && there === false) forward = true;
    if (here === false && there === true) backward = true;
  }
  return forward && backward;
}

/** Where the clause says "unless" or a word like it, and which: worked out once a clause. */
function exceptionOf(clause: Clause): { word: string; at: number } | undefined {
  let found = exceptions.get(clause);
  if (found === undefined) found = exceptions.set(clause, exceptionAt(clause) ?? false);
  return found === false ? undefined : found;
}

/** Each clause's exception, or false when it says none. */
const exceptions = new Note<{ word: string; at: number } | false>();

function exceptionAt(clause: Clause): { word: string; at: number } | undefined {
  const match = EXCEPTION.exec(clause.text);
  return match === null ? undefined : { word: match[0].toLowerCase(), at: clause.start + match.index };
}

const EXCEPTION = /\b(?:unless|except|rather than|instead of|than)\b/i;

/**
 * How a clause narrows what it says to one thing: "only X" says X and denies the rest; "except X", "apart from X",
 * "instead of X" say the rest and turn X. The two say "X and nothing else" from opposite ends, with
 * opposite polarity: "can only reach the server" is "apart from the server, can't reach anything", "use only the
 * supplied descaler" is "don't use vinegar instead of the descaler". A phrase that opens the sentence ("Apart from
 * the server, …", "除了周一以外，…") narrows each clause after it.
 */
export function restriction(clause: Clause, sentence: ClaimSentence): Restriction | undefined {
  const own = restrictionIn(clause.text);
  if (own !== undefined) return own;
  // "…printing on A4 and Letter only": the "only" that ends the list goes on from the clause and narrows it.
  const next = sentence.clauses[sentence.clauses.indexOf(clause) + 1];
  if (next !== undefined && next.context.size > 0 && ONLY_LAST.test(next.text)) return 'only';
  const first = sentence.clauses[0];
  return first !== undefined && first !== clause && LEADING_EXCEPTION.test(first.text) ? 'except' : undefined;
}

export type Restriction = 'only' | 'except';

function restrictionIn(text: string): Restriction | undefined {
  if (EXCEPTION_WORDS.test(text)) return 'except';
  return ONLY.test(text) ? 'only' : undefined;
}

/** Whether one clause says "only" where the other says "except": their polarities are not compared word for word. */
export function opposedRestrictions(a: Restriction | undefined, b: Restriction | undefined): boolean {
  return a !== undefined && b !== undefined && a !== b;
}

const ONLY = /(?<!\bnot\s)\bonly\b|(?<!不)仅|唯有|(?<![不一二两三四五六七八九十几每\d])只(?![要是])/i;
/** 除 opens "除了…" and "除…以外", but also ends 删除 and 消除 (remove). */
const EXCEPTION_WORDS =
  /\b(?:except|excepting|apart from|aside from|other than|instead of|rather than)\b|^除|(?<![删消去排解清免扣剔拆切])除(?:了|非)/i;
const ONLY_LAST = /\bonly$/i;
const LEADING_EXCEPTION = /^(?:except|apart from|aside from|other than)\b|^除/i;

/**
 * Whether the clause is a condition the rest of its sentence holds under ("If a condition hasn't been declared, …",
 * "未经社保结算的，…"): it asserts nothing itself, so its polarity is compared only with another condition's.
 */
export function isCondition(clause: Clause, sentence: ClaimSentence): boolean {
  if (CONDITION.test(clause.text)) return true;
  return clause !== sentence.clauses.at(-1) && (HAN_TOPIC_CONDITION.test(clause.text) || HAN_PURPOSE.test(clause.text));
}

/** "想买中国内地的资源，账号必须先完成实名认证": what one wants done, before what it takes, is a condition too. */
const HAN_PURPOSE = /^(?:想|要想|如需|如要|若要|为了)/;

const CONDITION =
  /^(?:if|unless|provided|providing|as long as|in case|even if|only if)\b|^(?:如果|若|假如|假若|要是|倘若|一旦|只要)/i;
/** "未经社保结算的，按60%赔付": a clause ending in 的 before the rest of its sentence names the cases the rest is about. */
const HAN_TOPIC_CONDITION = /的(?:话)?$/;

/**
 * How a clause states a requirement, if it does: "may not use the lap pool unless accompanied" (or "until they have
 * completed a training session") and "no route can be
 * ridden without a helmet" (a rule on every one of a kind, "no …", not "with or without") deny the rest unless the
 * condition holds; "can only swim there if an adult is with them" says the same from the other end; "to
 * restore, the full backup must be there" says it plainly. Each says the condition is needed, with its own polarity:
 * their words are not compared one for one.
 */
function requirementForm(clause: Clause): 'denied-unless' | 'denied-until' | 'only-if' | undefined {
  if (clause.holdsHan) {
    // "拿不到健康证明就不能上岗", "未满16岁的不能办理"; "取得健康证明后方可上岗", "年满16周岁才能办理".
    if (HAN_DENIED_UNLESS.test(clause.text)) return 'denied-unless';
    return HAN_ONLY_IF.test(clause.text) ? 'only-if' : undefined;
  }
  if (DENIED_UNLESS.test(clause.text)) return 'denied-unless';
  if (DENIED_UNTIL_DONE.test(clause.text)) return 'denied-until';
  return ONLY_IF.test(clause.text) ? 'only-if' : undefined;
}

/** A condition denied, then the act denied: 不…就不能, 没有…不得, 未满…的不能, 不到…办不了. */
const HAN_DENIED_UNLESS =
  /[不没未无][^，。；,;]{1,12}?(?:就|则|的)[^，。；,;]{0,6}?(?:不能|不得|不可|不准|不许|无法|不予|.不了)/u;
/** An act allowed only once a condition holds: 方可, 才能, 才可以. */
const HAN_ONLY_IF = /方可|才能|才可|才允许|才准|才会/u;

/** Whether two clauses state one requirement in different forms, or one as a denial and the other plainly. */
export function requirementsSaidApart(claim: Clause, other: Clause): boolean {
  // "You can't make a claim without proof of purchase" and "Proof of purchase is required for all claims"; not
  // "Walk-ins are seen without an appointment", which says no requirement.
  const without = deniedWithout(claim) ? other : deniedWithout(other) ? claim : undefined;
  if (without !== undefined && !ownReading(without).denies && REQUIRED.test(without.text)) return true;
  const ours = requirementForm(claim);
  const theirs = requirementForm(other);
  if (ours === theirs) return false;
  if (ours !== undefined && theirs !== undefined) return true;
  const plain = ours === undefined ? claim : other;
  // "may not book until they have been trained" is a requirement only against a clause that states one ("need to be
  // trained before booking"); against "can book straight away" it is denied.
  if ((ours ?? theirs) === 'denied-until') return !ownReading(plain).denies && REQUIRED.test(plain.text);
  if ((ours ?? theirs) !== 'denied-unless' || ownReading(plain).denies) return false;
  // A Chinese double denial is a requirement only against a clause that states one: 须, 需, 必须, 年满.
  return plain.holdsHan ? HAN_REQUIRED.test(plain.text) : !UNLESS.test(plain.text);
}

const HAN_REQUIRED = /必须|须|需|应当|要求|年满/u;

const DENIED_UNLESS =
  /(?:\b(?:not|never|no|cannot)\b|n['’]t\b).*\bunless\b|^no\b(?:(?!\bwith or without\b).)*\bwithout\b/i;
/** A denial lifted once a thing is done: a requirement, or a wait ("must not walk in public areas until …"). */
const DENIED_UNTIL_DONE = /(?:\b(?:not|never|cannot)\b|n['’]t\b).*\buntil\b/i;
const DENIED_WITHOUT = /(?:\b(?:not|never|cannot)\b|n['’]t\b)(?:(?!\bwith or without\b).)*\bwithout\b|^without\b/i;
/** Whether the clause denies what is done without a thing: read only where "without" is said at all. */
function deniedWithout(clause: Clause): boolean {
  return WITHOUT.test(clause.text) && DENIED_WITHOUT.test(clause.text);
}

const WITHOUT = /without/i;
/** A requirement said plainly: what "can't … without" says from the other end. */
const REQUIRED = /\b(?:required|requires?|must|needs?|needed|necessary|mandatory|compulsory)\b/i;
const ONLY_IF = /\bonly\b(?:\s+\S+){0,8}?\s+(?:if|when|once|after|with)\b/i;
const UNLESS = /\bunless\b/i;

/**
 * Whether one clause says what is done instead ("go into the waste container rather than down the sink") and the
 * other is a rule that denies the thing replaced ("never pour solvents down the sink"): one rule, said from either
 * end. A denial inside a clause ("reset at the start of each minute, not on a rolling window") places the sides of
 * its own "rather than", and is compared.
 */
export function insteadOfDenied(claim: Clause, other: Clause): boolean {
  return insteadOfDenial(claim, other) || insteadOfDenial(other, claim);
}

function insteadOfDenial(clause: Clause, other: Clause): boolean {
  if (!INSTEAD.test(clause.text) || INSTEAD.test(other.text) || ownReading(clause).denies) return false;
  if (DENIED_RULE.test(other.text) && other.context.size === 0) return true;
  // "…, not a line manager" against "… from a department head rather than a line manager": the thing replaced, denied.
  if (!DENIED_THING.test(other.text) || other.terms.length === 0) return false;
  const replaced = replacedTerms(clause);
  return other.terms.every((term) => replaced.has(term.term));
}

/**
 * The terms a clause names only as the thing replaced, after "rather than" or "instead of" up to the next joint, and
 * not before it: "pay by card rather than cash to have your receipt emailed" replaces cash, not the receipt; "…
 * rather than cash at the front desk", cash, not the desk. Empty without either.
 */
export function replacedTerms(clause: Clause): ReadonlySet<string> {
  const instead = INSTEAD.exec(clause.text);
  if (instead === null) return NONE_REPLACED;
  // A place or time may be replaced with its own preposition ("in the bike room rather than on balconies").
  const from =
    instead.index +
    instead[0].length +
    (REPLACED_PREPOSITION.exec(clause.text.slice(instead.index + instead[0].length))?.[0].length ?? 0);
  const joint = REPLACED_ENDS.exec(clause.text.slice(from));
  const start = clause.start + from;
  const end = joint === null ? clause.end : start + joint.index;
  const before = new Set(clause.terms.filter((term) => term.end <= clause.start + instead.index).map((t) => t.term));
  return new Set(
    clause.terms
      .filter((term) => term.start >= start && term.end <= end && !before.has(term.term))
      .map((term) => term.term),
  );
}

const NONE_REPLACED: ReadonlySet<string> = new Set();
/** Where the thing replaced ends: a mark, or a word that goes on to where, when, why or what else. */
const REPLACED_ENDS =
  /[,;:]|\b(?:to|for|so|because|when|if|and|or|which|that|as|at|in|on|during|from|with|by|before|after|until|while)\b/i;

const REPLACED_PREPOSITION = /^\s+(?:at|in|on|by|from|during|before|after)\b/i;

/** A clause that only denies a thing: "not a line manager", "not on Sundays". */
const DENIED_THING = /^(?:but\s+)?not\b/i;

/** A rule that denies all it says, from its first word: "never pour …", "do not store …". */
const DENIED_RULE = /^(?:never|do not|don['’]t|must not|may not)\b/i;

/** "rather than X", "instead of X": X is the thing replaced. */
export const INSTEAD = /\b(?:rather than|instead of)\b/i;

/**
 * Whether the source denies a thing only until a time ("must not walk in public areas until 2 weeks after their final
 * booster") and the claim says it from a time on ("can start walks in public from about 18 weeks old"): both hold.
 * The wait is said in the denied clause or the one right after it ("… or meet unvaccinated dogs until …"); the claim
 * says "from", "after", "once" or "since" before a time, or 之后, 以后 or 起 after one.
 */
export function afterTheWait(claim: Clause, other: Clause, sentence: ClaimSentence): boolean {
  const at = sentence.clauses.indexOf(other);
  const wait = [other, sentence.clauses[at + 1]].some(
    (clause) => clause !== undefined && DENIED_UNTIL.test(clause.text),
  );
  const from = claim.quantities.filter((quantity) => TIMED.test(quantity.cls) && fromThenOn(claim, quantity));
  // "should not eat for 2 hours" denies for as long as the claim waits ("once 120 minutes have passed").
  return (wait && from.length > 0) || from.some((quantity) => deniedFor(other, quantity));
}

/** Whether the clause denies for a length of time the same as the claim's: "should not eat for 2 hours". */
function deniedFor(clause: Clause, wait: Quantity): boolean {
  return clause.quantities.some(
    (quantity) =>
      quantity.cls === 'time' &&
      sameQuantity(quantity, wait) &&
      DENIED_FOR.test(clause.text.slice(0, quantity.start - clause.start)),
  );
}

const DENIED_FOR = /\b(?:not|never|no)\b(?:(?!\b(?:and|but|or)\b)[^,;])*\bfor\s+(?:(?:at\s+least|about|around)\s+)?$/i;

/** Whether the words right around a time of the claim say "from then on": "from about 18 weeks", "18周以后". */
function fromThenOn(claim: Clause, quantity: Quantity): boolean {
  const before = claim.text.slice(Math.max(0, quantity.start - claim.start - FROM_REACH), quantity.start - claim.start);
  const after = claim.text.slice(quantity.end - claim.start, quantity.end - claim.start + 2);
  return FROM_BEFORE.test(before) || THEN_ON_AFTER.test(after);
}

const DENIED_UNTIL = /\b(?:until|till)\b|直到/iu;
const TIMED = /^(?:time|date|clock|count:age|count:year)/;
/** How far before a time its "from" may stand: "from about two weeks after". */
const FROM_REACH = 24;
const FROM_BEFORE = /\b(?:from|after|once|since)\b[^,;]*$/i;
const THEN_ON_AFTER = /^(?:之后|以后|起)/u;
