/**
 * The answers and sources the citation benchmarks read: deterministic, so that every run measures the same input.
 * Answers mix English and Chinese sentences; the sources hold some of those sentences each, so that the support
 * check finds support for some claims and misses others.
 */
import { CitationCatalog, type CatalogEntry } from '../src/citation/index.js';

export const KIB = 1024;
const OFFERED = ['E1', 'E2', 'E3', 'E4', 'E5', 'E6', 'G1', 'G2'];

/** A small deterministic PRNG, so that every run measures the same input. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 0x100000000;
  };
}

const ENGLISH = [
  'Retrieval-augmented generation first finds the chunks that match a question',
  'and hands them to the model as the grounds of its answer.',
  'A paragraph-level citation tells the reader which "source" each claim rests on,',
  'while the answer is still being written.\nNumbers are given at first mention.',
  'The server validates every id \\ the model never decides whether its own citation is real.',
];
const CHINESE = [
  '检索增强生成先从知识库中找出与问题相关的片段，',
  '再把它们交给模型作为回答依据。',
  '段落级引用让读者知道"每一段"依据了哪些资料，',
  '而不是整条回答共用一个引用列表。\n它还能在流式输出时逐段显示。',
];

export function makeAnswer(targetBytes: number): string {
  const random = prng(42);
  const paragraphs: { text: string; citationIds: string[] }[] = [];
  let size = 20;
  while (size < targetBytes) {
    const sentences: string[] = [];
    const count = 4 + Math.floor(random() * 6);
    for (let i = 0; i < count; i++) {
      const pool = random() < 0.5 ? ENGLISH : CHINESE;
      sentences.push(pool[Math.floor(random() * pool.length)]!);
    }
    const citationIds = OFFERED.filter(() => random() < 0.25).slice(0, 3);
    const paragraph = { text: sentences.join(' '), citationIds };
    paragraphs.push(paragraph);
    size += Buffer.byteLength(JSON.stringify(paragraph)) + 1;
  }
  return JSON.stringify({ paragraphs });
}

export function chunk(text: string, seed: number): string[] {
  const random = prng(seed);
  const chunks: string[] = [];
  for (let at = 0; at < text.length;) {
    const size = 4 + Math.floor(random() * 13);
    chunks.push(text.slice(at, at + size));
    at += size;
  }
  return chunks;
}

export function catalog(): CitationCatalog {
  return new CitationCatalog(
    OFFERED.map((citationId, i): CatalogEntry =>
      citationId.startsWith('G')
        ? {
            citationId,
            type: 'graph',
            payload: {
              kind: 'vertex',
              id: `v${i}`,
              label: 'L',
              name: 'n',
              description: 'd',
              text_segment_id: 's',
              metadata: {},
            },
          }
        : {
            citationId,
            type: 'embedding',
            payload: {
              embeddingId: `e${i}`,
              // Each source holds some of the sentences answers are made of: checks find support, and miss some.
              text: [...ENGLISH, ...CHINESE].filter((_, s) => (s + i) % 3 !== 0).join(' '),
              score: 0.9,
              kbUuid: 'k',
              kbItemUuid: 'i',
              title: 'T',
            },
          },
    ),
  );
}
