import { from, lastValueFrom, map, toArray } from 'rxjs';
import type { CitationCatalog, CitationStreamEvent } from '../../src/citation/index.js';
import type { NumberingMode } from '../../src/citation/numbering.js';
import { answerEvents } from '../../src/answer/answer-events.js';
import type { ModelDelta } from '../../src/model/model-provider.js';

/** The model's answer text as the deltas the model port streams. */
export function contentDeltas(chunks: readonly string[]): ModelDelta[] {
  return chunks.map((text) => ({ type: 'content', text }));
}

/**
 * Runs chunks of model output through the operator production runs ({@link answerEvents}), and gives back the
 * citation events (answer text only: no reasoning, no usage).
 */
export async function runPipeline(
  chunks: readonly string[],
  catalog: CitationCatalog,
  numbering?: NumberingMode,
): Promise<CitationStreamEvent[]> {
  return lastValueFrom(
    from(contentDeltas(chunks)).pipe(
      answerEvents(catalog, numbering ? { numbering } : {}),
      map((event): CitationStreamEvent => {
        if (event.type === 'thinking') throw new Error('no reasoning was sent');
        if (event.type === 'done') return { type: 'done', summary: event.summary };
        return event;
      }),
      toArray(),
    ),
  );
}

/** The events without the text deltas, which differ in how they are cut but not in what they join to. */
export function withoutText(events: readonly CitationStreamEvent[]): CitationStreamEvent[] {
  return events.filter((event) => event.type !== 'text');
}

export function shownText(events: readonly CitationStreamEvent[]): string {
  return events.map((event) => (event.type === 'text' ? event.text : '')).join('');
}

/** Splits `text` into chunks of the given sizes (cycled), without cutting a surrogate pair if asked not to. */
export function chunkBy(text: string, sizes: readonly number[]): string[] {
  const chunks: string[] = [];
  let at = 0;
  let i = 0;
  while (at < text.length) {
    const size = Math.max(1, sizes[i++ % sizes.length]!);
    chunks.push(text.slice(at, at + size));
    at += size;
  }
  return chunks;
}

/** Every UTF-8 byte of `text` as its own chunk, decoded the way a streaming HTTP client would. */
export function byteByByte(text: string): string[] {
  const decoder = new TextDecoder();
  return [...Buffer.from(text, 'utf8')].map((byte) => decoder.decode(Uint8Array.of(byte), { stream: true }));
}
