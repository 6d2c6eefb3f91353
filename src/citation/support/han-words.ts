/**
 * Where the words of a run of Chinese characters start, by the dictionary of the Unicode word rules
 * (`Intl.Segmenter`, shipped with Node's ICU data: no download, no model).
 *
 * Chinese writes no spaces, so the check used to read a run as overlapping character pairs: in `孕妇禁用` it read
 * `妇禁` beside the words `孕妇` and `禁用`. A pair that runs across two words matches by chance in another text,
 * lifting how well a sentence seems to rest on a source sentence that says something else. Read in words, a
 * sentence aligns with the source sentence that says its words.
 *
 * The dictionary leaves a word it does not know as single characters (`改签` as `改`, `签`); such a character is
 * still read in a pair with each character beside it (see `hanRun`), so that a word the dictionary lacks is found.
 */

const WORDS = new Intl.Segmenter('zh', { granularity: 'word' });

export interface HanWords {
  /** Whether a word starts at each character. */
  starts: boolean[];
  /** Whether each character is a word by itself. */
  alone: boolean[];
}

export function hanWords(chars: readonly string[]): HanWords {
  // One or two characters read the same either way: a word of two is the pair its two lone characters make. The
  // dictionary costs about a microsecond a character, so it is not asked.
  if (chars.length <= 2) return { starts: chars.map(() => true), alone: chars.map(() => true) };
  const starts = new Array<boolean>(chars.length).fill(false);
  const alone = new Array<boolean>(chars.length).fill(false);
  let at = 0;
  // One character is one UTF-16 unit in the common blocks the run is made of, and one element of `chars` in any case.
  for (const { segment } of WORDS.segment(chars.join(''))) {
    const length = [...segment].length;
    if (at < chars.length) {
      starts[at] = true;
      alone[at] = length === 1;
    }
    at += length;
  }
  return { starts, alone };
}
