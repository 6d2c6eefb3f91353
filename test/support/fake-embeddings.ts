import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers one request. */
export type EmbeddingsBehaviour =
  | { kind: 'ok'; delayMs?: number }
  /** Answers once `until` resolves: the test decides when. */
  | { kind: 'held'; until: Promise<void> }
  | { kind: 'status'; status: number; retryAfter?: string }
  | { kind: 'cut' }
  | { kind: 'dimensions'; dimensions: number };

export interface EmbeddingsRequest {
  model: string;
  input: string[];
  /** The request's `Authorization` header, if it had one. */
  authorization?: string;
}

/**
 * A local OpenAI-compatible `POST /v1/embeddings`. A text's vector counts its words by meaning: each group of a
 * synonym table the test writes is one dimension (so "feline" and "cat" point the same way), and any other word
 * lands in one of a few further dimensions by a hash of it. A question that shares no word with a chunk but
 * means the same is then near it, and only the vector side of retrieval can find it.
 */
export class FakeEmbeddings {
  readonly requests: EmbeddingsRequest[] = [];
  /** Decides each request's answer; `ok` by default. */
  behave: (request: EmbeddingsRequest) => EmbeddingsBehaviour = () => ({ kind: 'ok' });
  private server: Server | undefined;
  private readonly conceptOf = new Map<string, number>();

  constructor(
    synonyms: readonly (readonly string[])[],
    /** Dimensions for words outside the table. */
    private readonly otherDimensions = 8,
    /**
     * `dense`: each meaning is a random direction over every dimension instead of a dimension of its own, so that
     * unrelated texts are near-orthogonal but never exactly, as with a real model. An approximate index (HNSW)
     * needs that: when every other vector is at exactly the same distance, its walk has nowhere to go.
     */
    private readonly layout: 'one-hot' | 'dense' = 'one-hot',
  ) {
    synonyms.forEach((group, index) => group.forEach((word) => this.conceptOf.set(word.toLowerCase(), index)));
    this.dimensions = synonyms.length + otherDimensions;
  }

  readonly dimensions: number;

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
  }

  /** The vector of a text, as the fake computes it (unit length). */
  vectorOf(text: string, dimensions = this.dimensions): number[] {
    const vector = new Array<number>(dimensions).fill(0);
    const concepts = this.dimensions - this.otherDimensions;
    for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
      if (STOP_WORDS.has(word)) continue;
      const concept = this.conceptOf.get(word) ?? this.conceptOf.get(word.replace(/s$/, ''));
      const weight = concept === undefined ? 0.5 : 1;
      if (this.layout === 'dense') {
        const direction = randomDirection(concept === undefined ? `word:${word}` : `concept:${concept}`, dimensions);
        direction.forEach((value, i) => (vector[i]! += weight * value));
        continue;
      }
      const at = concept ?? concepts + (hash(word) % this.otherDimensions);
      if (at < dimensions) vector[at]! += weight;
    }
    const length = Math.hypot(...vector);
    // A text of stop words alone still gets a direction: pgvector cannot compare a zero vector.
    if (length === 0) return vector.map((_, i) => (i === dimensions - 1 ? 1 : 0));
    return vector.map((value) => value / length);
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        if (request.method !== 'POST' || request.url !== '/v1/embeddings') {
          response.writeHead(404).end();
          return;
        }
        const parsed = JSON.parse(body) as { model: string; input: string | string[] };
        const embeddingsRequest: EmbeddingsRequest = {
          model: parsed.model,
          input: Array.isArray(parsed.input) ? parsed.input : [parsed.input],
          ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
        };
        this.requests.push(embeddingsRequest);
        const behaviour = this.behave(embeddingsRequest);
        const answer = (dimensions = this.dimensions) =>
          response.writeHead(200, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              object: 'list',
              model: parsed.model,
              data: embeddingsRequest.input.map((text, index) => ({
                object: 'embedding',
                index,
                embedding: this.vectorOf(text, dimensions),
              })),
            }),
          );
        switch (behaviour.kind) {
          case 'ok':
            if (behaviour.delayMs) setTimeout(() => answer(), behaviour.delayMs);
            else answer();
            return;
          case 'held':
            void behaviour.until.then(() => answer());
            return;
          case 'dimensions':
            answer(behaviour.dimensions);
            return;
          case 'status':
            response
              .writeHead(behaviour.status, {
                'content-type': 'application/json',
                ...(behaviour.retryAfter !== undefined ? { 'retry-after': behaviour.retryAfter } : {}),
              })
              .end(JSON.stringify({ error: { message: `fake status ${behaviour.status}` } }));
            return;
          case 'cut':
            request.socket.destroy();
            return;
        }
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'on',
  'in',
  'of',
  'to',
  'is',
  'was',
  'where',
  'what',
  'did',
  'does',
  'do',
  'which',
  'how',
  'and',
]);

/** A direction of `dimensions` values in -1…1, the same for the same key. */
function randomDirection(key: string, dimensions: number): number[] {
  let state = hash(key) || 1;
  return Array.from({ length: dimensions }, () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 0x80000000 - 1;
  });
}

function hash(word: string): number {
  let value = 0;
  for (const char of word) value = (value * 31 + char.charCodeAt(0)) >>> 0;
  return value;
}
