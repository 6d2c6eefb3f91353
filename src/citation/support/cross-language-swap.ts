import { ownerConcepts } from './bilingual-words.js';
import { valueConflict, type FoundConflict } from './found-conflict.js';
import type { ClaimSentence, ClaimText } from './claim-profile.js';
import { comparable, disagree, sameQuantity, type Quantity } from './quantity.js';
import { Note } from './notes.js';

/**
 * Two values a claim in another language trades between the two things its source gives them to: "A quarterly card
 * costs 2,588 yuan, while an annual card is 798 yuan" against "季卡（798元）和年卡（2588元）", "下载速度为75 Mbps，上传速度为
 * 500 Mbps" against "download speed is 500 Mbps and upload speed 75 Mbps". Both values are the source's, so no value
 * disagrees; what each is said of does. Each value owns the words of its stretch of the sentence, between the
 * commas, conjunctions and other values around it; the words the bilingual table knows (`bilingual-words.ts`) are
 * compared. Only the words that tell the two stretches apart count: a word both say ("card", "speed") tells nothing.
 * The claim's words of each value must meet the source's words of the other value, and more of them than they meet
 * of the same value's ("at peak times" may be said of both).
 */
export function swappedAcrossLanguages(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  const values = claim.quantities.filter(tradable);
  if (values.length < 2) return undefined;
  const claimWords = stretchWords(claim);
  for (let i = 0; i < values.length; i++) {
    for (let j = i + 1; j < values.length; j++) {
      const [first, second] = [values[i]!, values[j]!];
      if (!comparable(first, second) || !disagree(first, second)) continue;
      for (let s = 0; s < source.sentences.length; s++) {
        const sentence = source.sentences[s]!;
        const heldFirst = sentence.quantities.find((held) => tradable(held) && sameQuantity(first, held));
        const heldSecond = sentence.quantities.find((held) => tradable(held) && sameQuantity(second, held));
        if (heldFirst === undefined || heldSecond === undefined) continue;
        const sourceWords = stretchWords(sentence);
        const [ours, theirs] = apart(claimWords.get(first)!, claimWords.get(second)!);
        const [atFirst, atSecond] = apart(sourceWords.get(heldFirst)!, sourceWords.get(heldSecond)!);
        const [crossed, kept] = [shared(ours, atSecond), shared(theirs, atFirst)];
        if (crossed > 0 && kept > 0 && crossed + kept > shared(ours, atFirst) + shared(theirs, atSecond)) {
          return valueConflict(first, heldSecond, s);
        }
      }
    }
  }
  return undefined;
}

/** Values that name a thing's amount, not a code, a day of the week or a difference. */
function tradable(quantity: Quantity): boolean {
  return !(
    quantity.cls === 'weekday' ||
    quantity.cls === 'period' ||
    quantity.cls === 'bare' ||
    quantity.cls.startsWith('term:') ||
    quantity.cls.startsWith('diff:') ||
    quantity.cls.startsWith('sum:') ||
    quantity.cls.startsWith('version:')
  );
}

/** The words each of two stretches says that the other does not. */
function apart(a: ReadonlySet<string>, b: ReadonlySet<string>): [Set<string>, Set<string>] {
  return [new Set([...a].filter((word) => !b.has(word))), new Set([...b].filter((word) => !a.has(word)))];
}

function shared(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let count = 0;
  for (const word of a) if (b.has(word)) count++;
  return count;
}

/**
 * For each value of the sentence, the table's words of its stretch: from the last boundary before it to the first
 * after it, never past another value. An opening bracket is no boundary: "月卡（298元）" names the card before the price.
 */
function stretchWords(sentence: ClaimSentence): ReadonlyMap<Quantity, ReadonlySet<string>> {
  let found = stretches.get(sentence);
  if (found !== undefined) return found;
  found = new Map();
  const text = sentence.text;
  // "A quarterly card costs …": a period said in a word is one of the stretch's words, not a value that ends it.
  const quantities = sentence.quantities.filter(tradable);
  quantities.forEach((quantity, k) => {
    const start = quantity.start - sentence.start;
    const end = quantity.end - sentence.start;
    const floor = k > 0 ? quantities[k - 1]!.end - sentence.start : 0;
    const ceiling = k + 1 < quantities.length ? quantities[k + 1]!.start - sentence.start : text.length;
    let from = floor;
    for (const match of text.slice(floor, start).matchAll(BOUNDARY)) from = floor + match.index + match[0].length;
    const after = text.slice(end, ceiling);
    const stop = after.search(BOUNDARY);
    const to = stop < 0 ? ceiling : end + stop;
    found.set(quantity, ownerConcepts(text.slice(from, start) + ' ' + text.slice(end, to)));
  });
  stretches.set(sentence, found);
  return found;
}

const stretches = new Note<Map<Quantity, ReadonlySet<string>>>();

const BOUNDARY = /[,，、;；:：)）]|\b(?:and|or|but|while|whereas)\b|和|及|与|而|但/giu;
