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
 *
 * `read`, when given, tells for each run which characters' words are read: the words at the others (a function
 * character, a digit, a denial) are not asked for, and their `starts` and `alone` are left false. Each word asked
 * for costs a call to the segmenter, which costs more than the word's cutting.
 */
export function hanWordsOfRuns(
  runs: readonly (readonly string[])[],
  read?: readonly (readonly boolean[])[],
): HanWords[] {
  const words = runs.map((chars) => ({
    starts: new Array<boolean>(chars.length).fill(false),
    alone: new Array<boolean>(chars.length).fill(false),
  }));
  // One or two characters read the same either way: a word of two is the pair its two lone characters make. The
  // dictionary is not asked, nor is it for a run none of whose words is read.
  const asked: number[] = [];
  runs.forEach((chars, index) => {
    if (chars.length <= 2) {
      words[index]!.starts.fill(true);
      words[index]!.alone.fill(true);
    } else if (read === undefined || read[index]!.includes(true)) {
      asked.push(index);
    }
  });
  if (asked.length === 0) return words;
  const texts = asked.map((index) => runs[index]!.join(''));
  const segments = WORDS.segment(texts.join(RUN_BREAK));
  let offset = 0;
  asked.forEach((index, k) => {
    readRun(segments, offset, runs[index]!, read?.[index], words[index]!);
    // The break after a run, a word of its own the rules always set apart, is stepped over rather than asked for.
    offset += texts[k]!.length + RUN_BREAK.length;
  });
  return words;
}

/**
 * The words at the characters of one run, which starts at `offset` of the text segmented, asked of the segmenter where
 * it stands (`containing`) for each character read that the words already asked for do not hold: on Node's ICU it
 * gives the iterator's words at about two thirds of its cost, and it can step over words whose characters are not
 * read.
 */
function readRun(
  segments: Intl.Segments,
  offset: number,
  chars: readonly string[],
  read: readonly boolean[] | undefined,
  { starts, alone }: HanWords,
): void {
  // Where the word last asked for ends: a word starts there. A run's first word starts where it starts.
  let boundary = offset;
  for (let k = 0, at = offset; k < chars.length;) {
    if (read !== undefined && !read[k]) {
      at += chars[k]!.length;
      k++;
      continue;
    }
    // A run's last character, when a word starts at it, is a word by itself: the break after it ends any word.
    if (k === chars.length - 1 && at === boundary) {
      starts[k] = true;
      alone[k] = true;
      return;
    }
    const { segment, index } = segments.containing(at)!;
    if (index === at) {
      starts[k] = true;
      alone[k] = charCount(segment) === 1;
    }
    // The word's other characters start no word.
    boundary = index + segment.length;
    while (k < chars.length && at < boundary) {
      at += chars[k]!.length;
      k++;
    }
  }
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
