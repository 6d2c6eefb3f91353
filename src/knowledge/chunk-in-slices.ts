import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { chunksOf, type ChunkSize } from './chunker.js';
import { cjkTerms } from '../text/terms.js';

/** A chunk ready to store: its text and the Chinese/Japanese terms it is found by. */
export interface PreparedChunk {
  text: string;
  searchTerms: string;
}

/** Longest stretch of work before other requests get their turn. */
const SLICE_MS = 8;

/**
 * Chunks a document and extracts its search terms in slices of a few milliseconds, handing the event loop back
 * between slices: a 10 MB document takes a second or two of work, and no request should wait that long behind
 * it. (A worker thread would move the work off the loop entirely, but the work is small next to the database
 * writes, and the embedded database runs on this thread anyway.)
 */
export async function prepareChunks(text: string, size: ChunkSize): Promise<PreparedChunk[]> {
  const prepared: PreparedChunk[] = [];
  let sliceStart = performance.now();
  for (const chunk of chunksOf(text, size)) {
    prepared.push({ text: chunk, searchTerms: cjkTerms(chunk).join(' ') });
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToLoop();
      sliceStart = performance.now();
    }
  }
  return prepared;
}
