import { isName } from './claim-alignment.js';
import type { ClaimSentence, ClaimText, ClauseTerm } from './claim-profile.js';
import { hasHan } from './claim-tokens.js';
import { comparesTwo } from './compares-two.js';
import { valueConflict, type FoundConflict } from './found-conflict.js';
import { comparable, disagree, sameQuantity, type Quantity } from './quantity.js';

/**
 * A value the source gives one thing in a sentence about it, given by the claim to another thing the source speaks
 * of in a sentence of its own: "The Intensive course … with a maximum of 8 students per class. The Standard course …
 * with up to 12 students" against "go for the Standard course, where classes are capped at 8 students". A source
 * that speaks of two things in turn, a sentence each, names each first; what a sentence gives, it gives its own
 * thing. The claim names one of them and not the other, gives the other's value, and the sentence of the thing it
 * names gives that kind of value otherwise. A Chinese source names its things as plain words, each sentence's first
 * ("泰山位于…1987年… 黄山位于…1990年…"), and a Chinese claim clause speaks of the thing it opens with.
 */
export function ownerSwap(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  const owners = ownersOf(source);
  if (owners.size < 2) return undefined;
  // A sentence that names one of the things, and nothing else, speaks of it in every clause.
  const names = new Set(
    claim.clauses.flatMap((c) => c.terms.filter((term) => namesThing(term, source, owners)).map((t) => t.term)),
  );
  const namedOwners = [...owners.keys()].filter((owner) => names.has(owner));
  // Its other names must be of that thing alone: "the Canon imageRUNNER C3226" names one printer.
  const inSentence =
    namedOwners.length === 1 &&
    [...names].every((name) => owners.has(name) || ownedBy(name, namedOwners[0]!, owners, source))
      ? namedOwners
      : [];
  for (const clause of claim.clauses) {
    // "会员比普通用户多下载10次" compares the two things: it gives neither its own value.
    if (comparesTwo(clause)) continue;
    // Each clause of the claim speaks of its own thing: "Standard costs $6.50, while Express costs $14".
    // A Chinese clause speaks of the thing it opens with, and of no other: its words are not names.
    const own = clause.holdsHan
      ? [...owners.keys()].filter((owner) => clause.terms[0]?.term === owner)
      : [...owners.keys()].filter((owner) => clause.termSet.has(owner));
    const named = own.length > 0 || clause.holdsHan ? own : inSentence;
    if (named.length !== 1) continue;
    const found = givenToOther(clause.quantities, named[0]!, owners, source);
    if (found) return found;
  }
  return undefined;
}

function givenToOther(
  quantities: readonly Quantity[],
  name: string,
  owners: ReadonlyMap<string, number[]>,
  source: ClaimText,
): FoundConflict | undefined {
  for (const quantity of quantities) {
    if (quantity.compared || quantity.range) continue;
    // A sentence that names the claim's thing anywhere and gives the value speaks for the claim.
    if (source.sentences.some((sentence) => sentence.terms.has(name) && holds(sentence.quantities, quantity))) continue;
    const givenToAnother = [...owners].some(
      ([owner, sentences]) => owner !== name && sentences.some((s) => holds(source.sentences[s]!.quantities, quantity)),
    );
    if (!givenToAnother) continue;
    const kinds = owners
      .get(name)!
      .flatMap((s) =>
        source.sentences[s]!.quantities.filter((held) => comparable(quantity, held)).map((held) => ({ held, s })),
      );
    if (kinds.length === 0 || !kinds.every(({ held }) => disagree(quantity, held))) continue;
    const { held, s } = kinds[0]!;
    return valueConflict(quantity, held, s);
  }
  return undefined;
}

/** Whether a name is said only in the sentences of one thing the source speaks of in turn. */
function ownedBy(name: string, owner: string, owners: ReadonlyMap<string, number[]>, source: ClaimText): boolean {
  const own = owners.get(owner)!;
  return (
    source.sentences.every((sentence, s) => own.includes(s) || !sentence.terms.has(name)) &&
    own.some((s) => source.sentences[s]!.terms.has(name))
  );
}

/**
 * A Chinese sentence names its thing with its first word, written like any other (黄河全长约5464公里): a word of two
 * or more characters, said plainly.
 */
function hanThing(term: ClauseTerm): boolean {
  return hasHan(term.lower) && term.lower.length >= 2 && !term.denied && !term.inverted;
}

/** A name, or a Chinese word one of the source's sentences opens with as its thing. */
function namesThing(term: ClauseTerm, source: ClaimText, owners: ReadonlyMap<string, number[]>): boolean {
  return isName(term, source) || (hasHan(term.lower) && owners.has(term.term));
}

function holds(quantities: readonly Quantity[], quantity: Quantity): boolean {
  return quantities.some((held) => sameQuantity(quantity, held));
}

/**
 * The things a source speaks of a sentence each, by the name its sentence opens with ("The Standard course meets …"),
 * with the sentences that open with it. A name that opens one sentence only, beside no other such name, is no turn.
 */
function ownersOf(source: ClaimText): ReadonlyMap<string, number[]> {
  let owners = ownersBySource.get(source);
  if (owners === undefined) {
    owners = new Map();
    source.sentences.forEach((sentence, s) => {
      const first = sentence.clauses[0]?.terms[0];
      // Only a sentence that gives values can give one to its thing.
      if (first === undefined || sentence.quantities.length === 0) return;
      // "S7 Pro在此基础上…" opens with a name of two words: its first word alone names another thing, the S7.
      const next = sentence.clauses[0]!.terms[1];
      if (sentence.holdsHan && next !== undefined && next.start - first.end <= 1 && isName(next, source)) return;
      if (!isName(first, source) && !(sentence.holdsHan && hanThing(first))) return;
      const sentences = owners!.get(first.term) ?? [];
      sentences.push(s);
      owners!.set(first.term, sentences);
    });
    ownersBySource.set(source, owners);
  }
  return owners;
}

const ownersBySource = new WeakMap<ClaimText, Map<string, number[]>>();
