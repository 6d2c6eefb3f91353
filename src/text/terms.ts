/**
 * Terms of a text for lexical matching (retrieval, graph look-ups, the offline model, follow-up questions):
 * lowercased words of two or more letters or digits in space-separated languages, and overlapping character pairs
 * in Chinese and Japanese text, which has no spaces between words. Stored chunks' search terms are made by these
 * rules: changing them means indexing again.
 */
const WORD = /[\p{L}\p{N}]+/gu;
const HAN_OR_KANA = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;

const STOP_WORDS = new Set(
  'a an and are as at be but by can do does for from has have how in into is it its of on or so that the their then there these this to was what when where which who why will with you your'.split(
    ' ',
  ),
);

export function hasCjk(text: string): boolean {
  return HAN_OR_KANA.test(text);
}

export function terms(text: string): string[] {
  const found: string[] = [];
  for (const [word] of text.toLowerCase().matchAll(WORD)) {
    if (hasCjk(word)) continue;
    if (word.length >= 2 && !STOP_WORDS.has(word)) found.push(word);
  }
  for (const [run] of text.matchAll(HAN_RUN)) {
    if (run.length === 1) found.push(run);
    for (let i = 0; i + 1 < run.length; i++) found.push(run.slice(i, i + 2));
  }
  return found;
}

/** The Chinese and Japanese characters of a text, in order, the rest left out: what trigrams are compared on. */
export function cjkText(text: string): string {
  return (text.match(HAN_RUN) ?? []).join('');
}

/** The terms of the Chinese and Japanese parts of a text: its overlapping character pairs (and lone characters). */
export function cjkTerms(text: string): string[] {
  return terms(text).filter(hasCjk);
}

/** The terms of the space-separated parts of a text, safe to put in a `to_tsquery` expression. */
export function wordTerms(text: string): string[] {
  return terms(text).filter((term) => !hasCjk(term) && /^[\p{L}\p{N}]+$/u.test(term));
}
