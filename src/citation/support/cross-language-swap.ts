import { ownerConcepts } from './bilingual-words.js';
import { sharedCount } from './claim-alignment.js';
import { valueConflict, type FoundConflict } from './found-conflict.js';
import type { ClaimSentence, ClaimText } from './claim-profile.js';
import { measureOf, namesAmount, sameAmount, type Quantity } from './quantity.js';
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
  const values = claim.quantities.filter(namesAmount);
  if (values.length < 2) return undefined;
  for (let i = 0; i < values.length; i++) {
    for (let j = i + 1; j < values.length; j++) {
      const [first, second] = [values[i]!, values[j]!];
      const kind = measureOf(first);
      if (kind !== measureOf(second) || sameAmount(first, second)) continue;
      let claimApart: [Set<string>, Set<string>] | undefined;
      for (let s = 0; s < source.sentences.length; s++) {
        const sentence = source.sentences[s]!;
        const heldFirst = sentence.quantities.find((held) => namesAmount(held) && sameAmount(first, held));
        const heldSecond = sentence.quantities.find((held) => namesAmount(held) && sameAmount(second, held));
        if (heldFirst === undefined || heldSecond === undefined) continue;
        const claimWords = stretchWords(claim, kind);
        const [ours, theirs] = (claimApart ??= apart(claimWords.get(first)!, claimWords.get(second)!));
        const sourceWords = stretchWords(sentence, kind);
        const [atFirst, atSecond] = apart(sourceWords.get(heldFirst)!, sourceWords.get(heldSecond)!);
        const [crossed, kept] = [sharedCount(ours, atSecond), sharedCount(theirs, atFirst)];
        if (crossed > 0 && kept > 0 && crossed + kept > sharedCount(ours, atFirst) + sharedCount(theirs, atSecond)) {
          return valueConflict(first, heldSecond, s);
        }
      }
    }
  }
  return undefined;
}

/** The words each of two stretches says that the other does not. */
function apart(a: ReadonlySet<string>, b: ReadonlySet<string>): [Set<string>, Set<string>] {
  return [new Set([...a].filter((word) => !b.has(word))), new Set([...b].filter((word) => !a.has(word)))];
}

/**
 * For each value of the sentence of one kind of measure, the table's words of its stretch of the sentence. Between
 * two values of the kind, the first comma or conjunction parts the words after the first value from those before the
 * second ("£14 for adults, £9 for students", "周六的首班车是8:45，周日和公众假期是7:30"); where nothing parts them,
 * both have them. Before the first value and after the last, the stretch runs to the end of the sentence's part (a
 * semicolon, a full stop). Values of other kinds ("一件32公斤的行李") are words of the stretch.
 */
function stretchWords(sentence: ClaimSentence, kind: string): ReadonlyMap<Quantity, ReadonlySet<string>> {
  const byKind = stretches.get(sentence) ?? stretches.set(sentence, new Map());
  let found = byKind.get(kind);
  if (found !== undefined) return found;
  found = new Map();
  const text = sentence.text;
  const quantities = sentence.quantities.filter((quantity) => namesAmount(quantity) && measureOf(quantity) === kind);
  const at = (quantity: Quantity) => [quantity.start - sentence.start, quantity.end - sentence.start] as const;
  quantities.forEach((quantity, k) => {
    const [start, end] = at(quantity);
    let from: number;
    if (k === 0) {
      from = 0;
      for (const match of text.slice(0, start).matchAll(HARD_BOUNDARY)) from = match.index + match[0].length;
    } else {
      const gapStart = at(quantities[k - 1]!)[1];
      const gap = text.slice(gapStart, start);
      const soft = SOFT_BOUNDARY.exec(gap);
      from = soft === null ? gapStart : gapStart + soft.index + soft[0].length;
      for (const match of gap.matchAll(HARD_BOUNDARY)) from = Math.max(from, gapStart + match.index + match[0].length);
    }
    let to: number;
    if (k + 1 === quantities.length) {
      const hard = text.slice(end).search(HARD_BOUNDARY);
      to = hard < 0 ? text.length : end + hard;
    } else {
      const gap = text.slice(end, at(quantities[k + 1]!)[0]);
      const soft = gap.search(SOFT_BOUNDARY);
      const hard = gap.search(HARD_BOUNDARY);
      to = end + Math.min(soft < 0 ? gap.length : soft, hard < 0 ? gap.length : hard);
    }
    const words = ownerConcepts(text.slice(from, start) + ' ' + text.slice(end, to));
    // A day of the week says what the value is of as well ("7:30 on Saturdays", "周六的首班车是早上8:45").
    for (const day of sentence.quantities) {
      const dayAt = day.start - sentence.start;
      if (day.cls === 'weekday' && dayAt >= from && dayAt < to) words.add(`day:${day.value}`);
    }
    found.set(quantity, words);
  });
  byKind.set(kind, found);
  return found;
}

const stretches = new Note<Map<string, Map<Quantity, ReadonlySet<string>>>>();

const SOFT_BOUNDARY = /[,，、:：]|\b(?:and|or|but|while|whereas)\b|和|及|与|而|但/iu;
const HARD_BOUNDARY = /[;；。!?！？]/gu;
