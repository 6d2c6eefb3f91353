import { CITATION_ID_PATTERN, splitCitationIds } from './citation-id.js';

/**
 * Takes citation markers (`[E1]`, `[E1, G2]`, `【E1】`, `(source E1)` …) out of a paragraph's text while it
 * streams, so that the text shown to a reader never contains them and equals the paragraph's final text.
 *
 * The stripper is a small state machine fed with pieces of one paragraph's text. It passes text on at once,
 * holding back only a tail that could still turn out to be part of a marker: trailing whitespace (a marker
 * takes the whitespace before it along) and an opened bracket whose content so far could still be a marker.
 * Leading whitespace of the paragraph and trailing whitespace at its end are dropped. Decisions depend only
 * on the text, never on where it was split, so any chunking yields the same output.
 */

const OPEN_BRACKETS = '\\[(【（［〔〖';
const CLOSE_BRACKETS = '\\])】）］〕〗';
const LABELS = [
  'source',
  'sources',
  'src',
  'ref',
  'refs',
  'reference',
  'references',
  'cite',
  'citation',
  'citations',
  '来源',
  '引用',
  '参考',
  '出处',
];
const LABEL = `(?:${LABELS.join('|')})\\s*[:：]?\\s*`;
const SEPARATOR = '\\s*[,，、;；]?\\s*';
const ID = `\\^?${CITATION_ID_PATTERN}`;

/** A marker longer than this is treated as ordinary text; it also bounds how much text is ever held back. */
const MAX_MARKER_LENGTH = 64;

const COMPLETE_MARKER = new RegExp(
  `\\s*([${OPEN_BRACKETS}]\\s*(?:${LABEL})?${ID}(?:${SEPARATOR}${ID})*\\s*[${CLOSE_BRACKETS}])`,
  'gi',
);

function labelPrefixes(): string {
  const prefixes = new Set<string>();
  for (const label of LABELS) for (let i = 1; i <= label.length; i++) prefixes.add(label.slice(0, i));
  return [...prefixes].sort((a, b) => b.length - a.length).join('|');
}

/** Matches a whole tail that begins with an opening bracket and could still grow into a complete marker. */
const MARKER_PREFIX = new RegExp(
  `^[${OPEN_BRACKETS}]\\s*(?:(?:${labelPrefixes()})|(?:${LABEL})?(?:${ID}${SEPARATOR})*\\^?(?:[EG]\\d{0,4})?)$`,
  'i',
);
const HAS_OPEN_BRACKET = new RegExp(`[${OPEN_BRACKETS}]`);
const LAST_OPEN_BRACKET = new RegExp(`[${OPEN_BRACKETS}][^${OPEN_BRACKETS}]*$`);

/** Whitespace exactly as `\s` and `String.prototype.trim` see it; called on every piece, so no regex. */
export function isWhitespace(code: number): boolean {
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0x1680) return code === 0xa0;
  return (
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

function trailingWhitespaceStart(text: string, end: number): number {
  let start = end;
  while (start > 0 && isWhitespace(text.charCodeAt(start - 1))) start--;
  return start;
}

export class MarkerStripper {
  /** Ids named by the markers taken out so far, in order, as the model wrote them (not yet validated). */
  readonly markerIds: (string | undefined)[] = [];
  private held = '';
  /** Whether `held` holds an opened bracket, not only whitespace. */
  private heldBracket = false;
  private started = false;

  /** Feeds the next piece of text; returns the text that can be shown now (possibly empty). */
  write(piece: string): string {
    if (piece.length === 0) return '';
    if (!this.heldBracket && !HAS_OPEN_BRACKET.test(piece)) return this.passPlain(piece);
    return this.process(this.held + piece, false);
  }

  /** The paragraph's text has ended: releases what was held, minus trailing whitespace. */
  end(): string {
    const rest = this.held;
    this.held = '';
    this.heldBracket = false;
    return rest === '' ? '' : this.process(rest, true);
  }

  /** The common case, a piece with no bracket after a tail with none: only trailing whitespace waits. */
  private passPlain(piece: string): string {
    const holdFrom = trailingWhitespaceStart(piece, piece.length);
    if (holdFrom === 0) {
      if (this.started) this.held += piece;
      return '';
    }
    let shown = holdFrom === piece.length ? piece : piece.slice(0, holdFrom);
    if (this.held !== '') shown = this.held + shown;
    this.held = holdFrom === piece.length ? '' : piece.slice(holdFrom);
    if (!this.started) {
      shown = shown.trimStart();
      this.started = true;
    }
    return shown;
  }

  private process(text: string, final: boolean): string {
    let stripped = HAS_OPEN_BRACKET.test(text) ? text.replace(COMPLETE_MARKER, this.takeMarker) : text;
    if (!this.started) {
      stripped = stripped.trimStart();
      if (stripped === '') {
        this.held = '';
        this.heldBracket = false;
        return '';
      }
    }
    const holdFrom = final ? trailingWhitespaceStart(stripped, stripped.length) : this.holdPoint(stripped);
    this.held = final ? '' : stripped.slice(holdFrom);
    this.heldBracket = !final && HAS_OPEN_BRACKET.test(this.held);
    const shown = stripped.slice(0, holdFrom);
    if (shown.length > 0) this.started = true;
    return shown;
  }

  private readonly takeMarker = (whole: string, bracketed: string): string => {
    if (bracketed.length > MAX_MARKER_LENGTH) return whole;
    const inner = bracketed.slice(1, -1);
    this.markerIds.push(...splitCitationIds(inner));
    return '';
  };

  /** Where the tail that must wait for more text begins. */
  private holdPoint(text: string): number {
    const open = LAST_OPEN_BRACKET.exec(text);
    if (open !== null && text.length - open.index <= MAX_MARKER_LENGTH && MARKER_PREFIX.test(open[0])) {
      return trailingWhitespaceStart(text, open.index);
    }
    return trailingWhitespaceStart(text, text.length);
  }
}

/** The final form of a whole paragraph text: markers out, whitespace trimmed, and the ids the markers named. */
export function stripMarkers(text: string): { text: string; markerIds: (string | undefined)[] } {
  const stripper = new MarkerStripper();
  const shown = stripper.write(text) + stripper.end();
  return { text: shown, markerIds: stripper.markerIds };
}
