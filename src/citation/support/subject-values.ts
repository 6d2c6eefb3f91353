import type { ClaimSentence, ClaimText } from './claim-profile.js';
import { valueConflict, type FoundConflict } from './found-conflict.js';
import { comparable, disagree, sameQuantity, type Quantity } from './quantity.js';

/**
 * A value the claim gives its subject that the source gives another subject, in a sentence of its own: "Cats should
 * get one 20 mg tablet per 5 kg of body weight" against "Cats: one 20 mg tablet per 2 kg of body weight. Dogs: one
 * 50 mg tablet per 5 kg of body weight."; 早稻每亩插约1.8万穴 against 早稻…每亩插约2万穴。晚稻…每亩插约1.8万穴。
 *
 * A source that sets two things side by side, each the subject of its own sentence, binds each value to its sentence's
 * subject. The claim's value is bound to the subject of its clause when:
 *   - the source sentences that open with that subject and give values of the kind name nothing the claim does not, and
 *     none of their values of the kind is the claim's or one the claim gives beside it, every one disagreeing with it;
 *   - the sentences that give the claim's value each open with a subject of their own, which neither the claim nor
 *     the subject's sentences name, and do not name the claim's subject.
 * A claim that names both subjects ("cats need less than the 50 mg dogs get") compares them, and is not read here;
 * nor is a date, which sets events, not things, side by side.
 */
export function subjectValueSwap(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  if (source.sentences.length < 2) return undefined;
  for (const clause of claim.clauses) {
    const first = clause.terms[0];
    if (first === undefined) continue;
    // A capital word opening the claim is read as a word ("Quick" as "fast"); the source may write it as a name.
    const opened = sentencesOpenedBy(new Set([first.term, first.lower]), source);
    if (opened.length === 0) continue;
    for (const quantity of clause.quantities) {
      if (!judged(quantity)) continue;
      const own = opened.filter((s) => source.sentences[s]!.quantities.some((held) => comparable(quantity, held)));
      if (own.length === 0) continue;
      const subject = source.sentences[own[0]!]!.clauses[0]!.subject!;
      const ownSentences = own.map((s) => source.sentences[s]!);
      if (ownSentences.some((sentence) => sentence.quantities.some((held) => sameQuantity(quantity, held)))) continue;

      const theirs = ownSentences.flatMap((sentence) =>
        sentence.quantities.filter(
          (held) =>
            comparable(quantity, held) &&
            judged(held) &&
            !claim.quantities.some((given) => given !== quantity && sameQuantity(given, held)),
        ),
      );
      if (theirs.length === 0 || !theirs.every((held) => disagree(quantity, held))) continue;
      const giving = source.sentences.filter((sentence) =>
        sentence.quantities.some((held) => sameQuantity(quantity, held)),
      );
      if (ownSentences.some((sentence) => namesBeyond(sentence, claim, giving))) continue;
      const givenToRival = giving.every((sentence) => {
        const rival = sentence.clauses[0]?.subject;
        return (
          rival !== undefined &&
          !sentence.terms.has(subject) &&
          !claim.terms.has(rival) &&
          ownSentences.every((ownSentence) => !ownSentence.terms.has(rival))
        );
      });
      const at = own.find((s) => source.sentences[s]!.quantities.includes(theirs[0]!))!;
      if (giving.length > 0 && givenToRival) return valueConflict(quantity, theirs[0]!, at);
    }
  }
  return undefined;
}

/** The source sentences whose first clause opens with one of `subjects`. */
function sentencesOpenedBy(subjects: ReadonlySet<string>, source: ClaimText): number[] {
  const found: number[] = [];
  source.sentences.forEach((sentence, s) => {
    const subject = sentence.clauses[0]?.subject;
    if (subject !== undefined && subjects.has(subject)) found.push(s);
  });
  return found;
}

/**
 * Whether a source sentence names a thing that neither the claim nor the sentences giving the claim's value name: it
 * may speak of another thing than the claim's ("S7 Pro … 6个月" for a claim about the S7). A name both sentences give
 * ("unlimited UK calls") tells them apart no more than their other words.
 */
function namesBeyond(sentence: ClaimSentence, claim: ClaimSentence, giving: readonly ClaimSentence[]): boolean {
  return sentence.clauses.some((clause) =>
    clause.terms.some(
      (term) => term.name && !claim.terms.has(term.term) && !giving.some((other) => other.terms.has(term.term)),
    ),
  );
}

/** A value a subject is given: not a date, a day of the week, a version or a number that names a thing. */
function judged(quantity: Quantity): boolean {
  return (
    quantity.date === undefined &&
    quantity.cls !== 'weekday' &&
    !quantity.cls.startsWith('term:') &&
    !quantity.cls.startsWith('version:')
  );
}
