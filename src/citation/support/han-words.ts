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

/**
 * Put between two runs segmented in one call: a line break is a word boundary the rules never cross, so each run
 * is cut exactly as it would be alone.
 */
const RUN_BREAK = '\n';

export interface HanWords {
  /** Whether a word starts at each character. */
  starts: boolean[];
  /** Whether each character is a word by itself. */
  alone: boolean[];
}

export function hanWords(chars: readonly string[]): HanWords {
  return hanWordsOfRuns([chars])[0]!;
}

/**
 * The words of several runs, segmented in one call. Each call to the segmenter costs several microseconds before
 * its first word, more than a short run's words cost; a sentence's runs are therefore cut together.
 */
export function hanWordsOfRuns(runs: readonly (readonly string[])[]): HanWords[] {
  const words = runs.map((chars) => ({
    starts: new Array<boolean>(chars.length).fill(false),
    alone: new Array<boolean>(chars.length).fill(false),
  }));
  // One or two characters read the same either way: a word of two is the pair its two lone characters make. The
  // dictionary is not asked.
  const asked: number[] = [];
  runs.forEach((chars, index) => {
    if (chars.length > 2) {
      asked.push(index);
    } else {
      words[index]!.starts.fill(true);
      words[index]!.alone.fill(true);
    }
  });
  if (asked.length === 0) return words;
  const text = asked.map((index) => runs[index]!.join('')).join(RUN_BREAK);
  const segments = WORDS.segment(text);
  let run = 0;
  let at = 0;
  // Word by word through `containing`: on Node's ICU it gives the iterator's words at about two thirds of its cost.
  for (let offset = 0; offset < text.length;) {
    const segment = segments.containing(offset)!.segment;
    offset += segment.length;
    if (segment === RUN_BREAK) {
      run++;
      at = 0;
      continue;
    }
    const { starts, alone } = words[asked[run]!]!;
    // One character is one UTF-16 unit in the common blocks a run is made of, and one element of `chars` in any case.
    const length = charCount(segment);
    if (at < starts.length) {
      starts[at] = true;
      alone[at] = length === 1;
    }
    at += length;
  }
  return words;
}

/** Characters in `text`, a surrogate pair counted once, without spreading the string into an array. */
function charCount(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) count--;
  }
  return count;
}
