import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type NliClass = 'entailment' | 'neutral' | 'contradiction';

/** How the fake answers one `/predict` request. */
export interface NliBehaviour {
  /** The class of a (premise, hypothesis) pair; it gets `confidence`, the two others share the rest. */
  classify: (premise: string, hypothesis: string) => NliClass;
  confidence?: number;
  /** How labels are spelled: as the model names them, in capitals, or as class indexes (`LABEL_0`…). */
  labels?: 'lower' | 'upper' | 'indexed';
  /** Answer this status with a TEI error body. */
  failWith?: number;
  /** Answer 200 with a body that is not JSON. */
  garbage?: boolean;
  /** Never answer: hold the request open until the client gives up. */
  hang?: boolean;
  /** Answer only once this settles. */
  hold?: Promise<void>;
}

export interface PredictRequest {
  inputs: [string, string][];
  truncate?: boolean;
  raw_scores?: boolean;
  authorization: string | undefined;
}

/** Class order of the cross-encoder NLI models, used for `LABEL_n`. */
const INDEXED: NliClass[] = ['contradiction', 'entailment', 'neutral'];

/**
 * A local HTTP server speaking Text Embeddings Inference's `/predict` wire format for a sequence-classification
 * model: `{"inputs": [[premise, hypothesis], …]}` in, one list of `{score, label}` per pair out, highest first.
 */
export class FakeNli {
  readonly requests: PredictRequest[] = [];
  behaviour: NliBehaviour = { classify: () => 'neutral' };
  private server: Server | undefined;
  /** Resolved each time a request arrives, for tests that wait for the verifier to be asked. */
  private arrivals: (() => void)[] = [];

  get baseUrl(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** Resolves when the next request arrives. */
  nextRequest(): Promise<void> {
    return new Promise((resolve) => this.arrivals.push(resolve));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of request) raw += String(chunk);
    const body = JSON.parse(raw) as Omit<PredictRequest, 'authorization'>;
    this.requests.push({ ...body, authorization: request.headers.authorization });
    for (const arrived of this.arrivals.splice(0)) arrived();
    const behaviour = this.behaviour;
    if (request.url !== '/predict') {
      response.writeHead(404).end();
      return;
    }
    if (behaviour.hang) return;
    if (behaviour.hold) await behaviour.hold;
    if (behaviour.failWith) {
      response.writeHead(behaviour.failWith, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: 'Inference failed', error_type: 'backend' }));
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json' });
    if (behaviour.garbage) {
      response.end('<html>upstream gone</html>');
      return;
    }
    const confidence = behaviour.confidence ?? 0.9;
    const spell = (label: NliClass) =>
      behaviour.labels === 'upper'
        ? label.toUpperCase()
        : behaviour.labels === 'indexed'
          ? `LABEL_${INDEXED.indexOf(label)}`
          : label;
    response.end(
      JSON.stringify(
        body.inputs.map(([premise, hypothesis]) => {
          const chosen = behaviour.classify(premise, hypothesis);
          return INDEXED.map((label) => ({
            label: spell(label),
            score: label === chosen ? confidence : (1 - confidence) / 2,
          })).sort((a, b) => b.score - a.score);
        }),
      ),
    );
  }
}
