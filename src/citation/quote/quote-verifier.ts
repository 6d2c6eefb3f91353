/**
 * Finds a model's quote in the source it cites. Both are compared after normalising away what a model changes
 * without meaning to (whitespace, case, full- and half-width forms, punctuation), with a few slips allowed
 * (one character in ten, at least one), so that a quote copied with a typo passes and an invented sentence
 * does not. The span found is given in the source's own text, in UTF-16 code units (JavaScript string
 * indices), end exclusive, so a client can highlight it with `text.slice(start, end)`.
 */

export interface VerifiedQuote {
  /** The source's own words at the span, not the model's copy of them. */
  text: string;
  start: number;
  end: number;
}

/** Shortest quote worth checking, in normalised characters: shorter ones match anywhere. */
const MIN_QUOTE = 6;
const SLIPS_PER_CHAR = 0.1;
const IGNORED = /[\s\p{P}\p{S}]/u;

interface Folded {
  chars: string[];
  /** `origin[i]`: UTF-16 index in the original text where normalised character `i` came from. */
  origin: number[];
  /** `originEnd[i]`: the UTF-16 index just after that original character. */
  originEnd: number[];
}

function fold(text: string): Folded {
  const folded: Folded = { chars: [], origin: [], originEnd: [] };
  let at = 0;
  for (const char of text) {
    const end = at + char.length;
    for (const piece of char.normalize('NFKC').toLowerCase()) {
      if (IGNORED.test(piece)) continue;
      folded.chars.push(piece);
      folded.origin.push(at);
      folded.originEnd.push(end);
    }
    at = end;
  }
  return folded;
}

interface FoldedSource extends Folded {
  /** `chars` joined, for the exact search. */
  joined: string;
}

/** Sources folded once: the chunks of an answer are quoted by many paragraphs. */
const folded = new Map<string, FoldedSource>();

function foldedSource(source: string): FoldedSource {
  let found = folded.get(source);
  if (found === undefined) {
    const { chars, origin, originEnd } = fold(source);
    found = { chars, origin, originEnd, joined: chars.join('') };
    if (folded.size > 1_000) folded.clear();
    folded.set(source, found);
  }
  return found;
}

/** The span of `source` that `quote` copies, or undefined when the source does not hold it. */
export function verifyQuote(quote: string, source: string): VerifiedQuote | undefined {
  const q = fold(quote);
  const m = q.chars.length;
  if (m < MIN_QUOTE) return undefined;
  const s = foldedSource(source);
  if (s.chars.length === 0) return undefined;
  // An exact copy is found by a plain search: the same span the edit-distance search would find first.
  const exact = s.joined.length === s.chars.length ? s.joined.indexOf(q.chars.join('')) : -1;
  if (exact >= 0) return span(source, s, exact, exact + m);
  const found = closestSubstring(q.chars, s.chars);
  if (found === undefined || found.distance > Math.max(1, Math.floor(m * SLIPS_PER_CHAR))) return undefined;
  return span(source, s, found.start, found.end);
}

function span(source: string, s: Folded, from: number, to: number): VerifiedQuote {
  const start = s.origin[from]!;
  const end = s.originEnd[to - 1]!;
  return { text: source.slice(start, end), start, end };
}

/**
 * Approximate substring search (Sellers): the substring of `text` with the fewest edits to `pattern`, an exact
 * copy having none. O(pattern × text) on one quote and one chunk: well under a millisecond.
 */
function closestSubstring(
  pattern: string[],
  text: string[],
): { start: number; end: number; distance: number } | undefined {
  const m = pattern.length;
  let previous = new Array<number>(m + 1);
  let previousStart = new Array<number>(m + 1);
  let current = new Array<number>(m + 1);
  let currentStart = new Array<number>(m + 1);
  for (let i = 0; i <= m; i++) {
    previous[i] = i;
    previousStart[i] = 0;
  }
  let best: { start: number; end: number; distance: number } | undefined;
  for (let j = 1; j <= text.length; j++) {
    current[0] = 0;
    currentStart[0] = j;
    for (let i = 1; i <= m; i++) {
      const substitute = previous[i - 1]! + (pattern[i - 1] === text[j - 1] ? 0 : 1);
      const insert = previous[i]! + 1;
      const remove = current[i - 1]! + 1;
      if (substitute <= insert && substitute <= remove) {
        current[i] = substitute;
        currentStart[i] = previousStart[i - 1]!;
      } else if (remove <= insert) {
        current[i] = remove;
        currentStart[i] = currentStart[i - 1]!;
      } else {
        current[i] = insert;
        currentStart[i] = previousStart[i]!;
      }
    }
    if (best === undefined || current[m]! < best.distance) {
      best = { start: currentStart[m]!, end: j, distance: current[m]! };
    }
    [previous, current] = [current, previous];
    [previousStart, currentStart] = [currentStart, previousStart];
  }
  return best;
}
