/**
 * The answers the SSE load benchmark's fake model streams: paragraphs-answer JSON cut into tokens, with where
 * each paragraph's closing brace falls, so that the delay to the client can be measured for every route.
 */

export interface AnswerProfile {
  name: 'short' | 'long' | 'huge';
  paragraphs: number;
  /** Characters of one paragraph's text. */
  paragraphChars: number;
  /** Characters of JSON text per streamed token. */
  tokenChars: number;
  tokensPerSecond: number;
}

/** About 1 KB of JSON: four paragraphs. */
export const SHORT: AnswerProfile = {
  name: 'short',
  paragraphs: 4,
  paragraphChars: 240,
  tokenChars: 4,
  tokensPerSecond: 20,
};
/** About 32 KB of JSON: sixty-four paragraphs. */
export const LONG: AnswerProfile = {
  name: 'long',
  paragraphs: 64,
  paragraphChars: 480,
  tokenChars: 4,
  tokensPerSecond: 20,
};
/** About 8 MiB, streamed as fast as loopback allows: what a client that never reads is sent. */
export const HUGE: AnswerProfile = {
  name: 'huge',
  paragraphs: 2048,
  paragraphChars: 4000,
  tokenChars: 256,
  tokensPerSecond: 20_000,
};

export const PROFILES = { short: SHORT, long: LONG, huge: HUGE } as const;

/** Finds where paragraph objects close in a paragraphs-answer JSON text fed piece by piece. */
export class ParagraphCloseScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private paragraph = 0;

  /** The indexes of the paragraphs whose closing brace is in `text`. */
  feed(text: string): number[] {
    const closed: number[] = [];
    for (const char of text) {
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (char === '\\') this.escaped = true;
        else if (char === '"') this.inString = false;
      } else if (char === '"') this.inString = true;
      else if (char === '{' || char === '[') this.depth++;
      else if (char === '}' || char === ']') {
        this.depth--;
        if (char === '}' && this.depth === 2) closed.push(this.paragraph++);
      }
    }
    return closed;
  }
}

const WORDS =
  'retrieval finds the chunks and each paragraph cites the sources it rests on while the stream keeps going with more words about citations'.split(
    ' ',
  );

function paragraphText(streamId: number, index: number, chars: number): string {
  let text = `Paragraph ${index} of stream ${streamId}:`;
  for (let word = index; text.length < chars; word++) text += ` ${WORDS[word % WORDS.length]}`;
  return `${text.slice(0, chars - 1)}.`;
}

/**
 * The answer of one stream, cut into tokens. `key` is the array's name: `paragraphs` for the endpoint and the
 * relays, `elements` for the AI SDK's array output, which wraps the element schema in that object.
 */
export function answerTokens(
  profile: AnswerProfile,
  streamId: number,
  key: 'paragraphs' | 'elements',
): { tokens: string[]; closesParagraph: (number | undefined)[] } {
  const paragraphs = Array.from({ length: profile.paragraphs }, (_, i) => ({
    text: paragraphText(streamId, i, profile.paragraphChars),
    citationIds: [`E${(i % 3) + 1}`],
  }));
  const json = JSON.stringify({ [key]: paragraphs });
  const scanner = new ParagraphCloseScanner();
  const tokens: string[] = [];
  const closesParagraph: (number | undefined)[] = [];
  for (let at = 0; at < json.length; at += profile.tokenChars) {
    const token = json.slice(at, at + profile.tokenChars);
    tokens.push(token);
    closesParagraph.push(scanner.feed(token)[0]);
  }
  return { tokens, closesParagraph };
}
