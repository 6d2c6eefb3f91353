import type { ClaimSentence, ClaimText, Clause } from './claim-profile.js';
import { valueConflict, type FoundConflict } from './found-conflict.js';
import { comparable, disagree, namesAmount, sameQuantity, type Quantity } from './quantity.js';

/**
 * A value said to be the same for one thing as for another: "普通门诊复诊的挂号费跟初诊一样，都是15元" against "初诊挂号费
 * 15元，复诊10元"; "Children between 6 and 12 can take one or two tablets per dose, the same as adults" against
 * "Adults … may take 1 or 2 tablets … Children aged 6 to 12 should take half to one tablet". The claim gives its
 * subject the value of the thing it likens it to. The source gives that value in clauses that say none of the
 * subject's own words, and gives the subject a value of the kind, another one, in a clause that says them: the
 * likeness is the claim's own.
 */
export function likenedValue(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  if (!(claim.holdsHan ? HAN_ALIKE : ALIKE).test(claim.text)) return undefined;
  for (const quantity of claim.quantities) {
    if (!namesAmount(quantity) || quantity.cls === 'ordinal' || quantity.date) continue;
    const holders = source.clauses.filter(({ clause }) =>
      clause.quantities.some((held) => sameQuantity(quantity, held)),
    );
    if (holders.length === 0) continue;
    const likenedTo = new Set<string>();
    for (const { clause } of holders) for (const word of wordsOf(clause)) likenedTo.add(word);
    // The subject's own words: what the claim says that the clauses of the likened value do not, and the source does.
    const own = claim.clauses
      .flatMap(wordsOf)
      .filter((word) => !likenedTo.has(word) && (source.terms.has(word) || source.words.has(word)));
    let best: { value: Quantity; sentence: number; said: number } | undefined;
    for (const candidate of own.length === 0 ? [] : source.clauses) {
      if (holders.includes(candidate)) continue;
      // A value the claim gives too ("within an hour of cooking") is not the one it likens.
      const values = candidate.clause.quantities.filter(
        (held) => comparable(quantity, held) && !claim.quantities.some((given) => sameQuantity(given, held)),
      );
      if (values.length === 0 || !values.every((held) => disagree(quantity, held))) continue;
      const words = new Set(wordsOf(candidate.clause));
      const said = own.filter((word) => words.has(word)).length;
      // A short part of the list that gives the likened value ("初诊15元、复诊10元") names its thing in a word.
      const listed =
        candidate.clause.terms.length <= LIST_PART_WORDS &&
        holders.some((held) => held.sentence === candidate.sentence);
      if ((said >= MIN_SAID || (listed && said > 0)) && said > (best?.said ?? 0))
        best = { value: values[0]!, sentence: candidate.sentence, said };
    }
    if (best) return valueConflict(quantity, best.value, best.sentence);
    const inList = listedBeside(quantity, claim, holders);
    if (inList) return inList;
  }
  return undefined;
}

/**
 * The value given, in the list that gives the likened value, to the part whose words the claim says: "初诊15元、复诊10元"
 * for "复诊的挂号费跟初诊一样，都是15元". The claim names both parts, and its value is the other part's.
 */
function listedBeside(
  quantity: Quantity,
  claim: ClaimSentence,
  holders: readonly { clause: Clause; sentence: number }[],
): FoundConflict | undefined {
  const said = new Set(claim.clauses.flatMap(wordsOf));
  for (const { clause, sentence } of holders) {
    const parts = partsOf(clause);
    const likened = parts.find((part) => sameQuantity(quantity, part.value));
    if (likened === undefined || !likened.words.some((word) => said.has(word))) continue;
    for (const part of parts) {
      if (part === likened || !comparable(quantity, part.value) || !disagree(quantity, part.value)) continue;
      if (part.words.some((word) => said.has(word) && !likened.words.includes(word)))
        return valueConflict(quantity, part.value, sentence);
    }
  }
  return undefined;
}

/** Each value of a clause with the words between it and the value before it: "初诊 | 15元、复诊 | 10元". */
function partsOf(clause: Clause): { value: Quantity; words: string[] }[] {
  let from = clause.start;
  return clause.quantities.map((value) => {
    const words = clause.terms
      .filter((term) => !term.denied && term.start >= from && term.end <= value.start)
      .map((term) => term.term);
    from = value.end;
    return { value, words };
  });
}

/**
 * How many of the subject's own words the clause giving it another value must say: one is often a word of the
 * sentence the two things share ("tablets", "fee").
 */
const MIN_SAID = 2;

/** The most words a part of a list says beside its value: "复诊10元", "and DVDs 7 days". */
const LIST_PART_WORDS = 3;

/** Words that liken one thing to another. */
const ALIKE = /\b(?:the same(?:\s+\S+){0,4}\s+as|same as|just like|just as|as with)\b/i;
const HAN_ALIKE = /(?:和|跟|与|同|像)[^，。；,;]{1,12}?(?:一样|相同)|同样/u;

/** A clause's words, and the days it names: 周五 tells Friday's clause apart as a word would. */
function wordsOf(clause: Clause): string[] {
  const words = clause.terms.filter((term) => !term.denied).map((term) => term.term);
  for (const quantity of clause.quantities) if (quantity.cls === 'weekday') words.push(`day:${quantity.value}`);
  return words;
}
