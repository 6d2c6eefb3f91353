/**
 * Finds a model's quote in the source it cites. Both are compared after normalising away what does not change
 * meaning (whitespace, case, full- and half-width forms, punctuation); no letter or digit may differ, because
 * one changed word ("open" for "shut", 每天 for 每周) can reverse what the quote says. The span found is given in the source's own text, in UTF-16 code units (JavaScript string
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

/** The span of `source` that `quote` copies, or undefined when the source does not hold it. */
export function verifyQuote(quote: string, source: string): VerifiedQuote | undefined {
  const q = fold(quote);
  if (q.chars.length < MIN_QUOTE) return undefined;
  const s = fold(source);
  const joined = s.chars.join('');
  const at = joined.indexOf(q.chars.join(''));
  if (at < 0) return undefined;
  // `at` counts UTF-16 units of the folded text; its characters may be two units long.
  let from = 0;
  for (let units = 0; units < at; from++) units += s.chars[from]!.length;
  const to = from + q.chars.length;
  const start = s.origin[from]!;
  const end = s.originEnd[to - 1]!;
  return { text: source.slice(start, end), start, end };
}
