import { readFileSync } from 'node:fs';
import { SAMPLE_DOCUMENTS } from '../src/knowledge/sample-corpus.js';

/** The evaluation's labelled set, read from eval/set/: both knowledge bases' chunks, and the labelled pairs. */

const SET_DIR = new URL('../../eval/set/', import.meta.url);
const SAMPLE_KEYS = ['rag', 'cite', 'sse', 'zrag', 'zpg'];

export interface LabelledDocument {
  key: string;
  title: string;
  paragraphs: string[];
}

export interface SecondKnowledgeBase {
  title: string;
  documents: LabelledDocument[];
}

export type PairKind =
  | 'verbatim'
  | 'paraphrase'
  | 'summary'
  | 'partial'
  | 'unsupported_claim'
  | 'negation'
  | 'number'
  | 'entity'
  | 'unrelated'
  | 'cross_en_zh'
  | 'cross_zh_en';

export interface LabelledPair {
  kind: PairKind;
  chunk: string;
  supported: boolean;
  paragraph: string;
}

export function readSet<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(name, SET_DIR), 'utf8')) as T;
}

export function secondKnowledgeBase(): SecondKnowledgeBase {
  return readSet<SecondKnowledgeBase>('second-kb.json');
}

/** Every chunk of both knowledge bases, by its key: document key and 1-based paragraph number ("rag1"). */
export function chunksByKey(): Map<string, string> {
  const chunks = new Map<string, string>();
  SAMPLE_DOCUMENTS.forEach((document, d) => {
    document.paragraphs.forEach((text, p) => chunks.set(`${SAMPLE_KEYS[d]}${p + 1}`, text));
  });
  for (const document of secondKnowledgeBase().documents) {
    document.paragraphs.forEach((text, p) => chunks.set(`${document.key}${p + 1}`, text));
  }
  return chunks;
}

export function labelledPairs(): LabelledPair[] {
  return readSet<{ pairs: LabelledPair[] }>('pairs.json').pairs;
}
