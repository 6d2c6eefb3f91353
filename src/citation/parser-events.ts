/** How the model's output ended, as far as the paragraphs structure is concerned. */
export type ParseOutcome =
  /** One JSON object (or array) of paragraphs, whole and well formed. */
  | 'complete'
  /** The output stopped before the JSON was closed. */
  | 'truncated'
  /** The output started as JSON and stopped being valid JSON (or went on after it). */
  | 'invalid_json'
  /** The output never was JSON. */
  | 'not_json'
  /** Valid JSON, but not the paragraphs shape. */
  | 'wrong_shape';

/** One paragraph as the model wrote it: text with markers already taken out, ids not yet validated. */
export interface RawParagraph {
  text: string;
  /** Entries of the paragraph's `citationIds`, normalized; `undefined` marks an entry that named no id. */
  citationIds: (string | undefined)[];
  /** Ids named by markers inside the text, in the order they appeared. */
  markerIds: (string | undefined)[];
  /** The words of a source the model says the paragraph relies on, per cited id; absent when none were given. */
  quotes?: { citationId: string | undefined; text: string }[];
}

export type ParserEvent =
  /** Answer text to show now. Blocks are separated by a blank line inside these deltas. */
  | { type: 'text'; text: string }
  /**
   * The structure broke (once, at the first problem, before any text salvaged from the rest is shown):
   * paragraphs already sent stand, and what follows is plain text.
   */
  | { type: 'broken'; outcome: Exclude<ParseOutcome, 'complete'>; reason: string }
  /** A finished, non-blank paragraph. */
  | { type: 'paragraph'; paragraph: RawParagraph }
  /** The last event: how the output ended, and the whole text shown (the legacy answer text). */
  | { type: 'end'; outcome: ParseOutcome; reason?: string; answerText?: string };
