/**
 * The server side of the SSE load benchmark: the real application, plus routes that exist only here: the
 * routes the endpoint is compared with (see sse-relays.ts), bench users, and a probe of this process's CPU time
 * and memory. Prints `READY <url>` once listening.
 */
import type { Request, Response } from 'express';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { writeHeapSnapshot } from 'node:v8';
import { createApp } from '../src/app.factory.js';
import { TOKEN_STORE, type TokenStore } from '../src/accounts/token-store.js';
import { UserRepository } from '../src/accounts/user.repository.js';
import { ConversationRepository } from '../src/conversations/conversation.repository.js';
import { SampleKnowledgeBase } from '../src/knowledge/sample-knowledge-base.js';
import { loadConfig } from '../src/platform/config/app-config.js';
import { watchEventLoop } from './event-loop-watch.js';
import { questionSteps, statementCost } from './question-steps.js';
import { countStatements, statementCounts } from './statement-count.js';
import { relays } from './sse-relays.js';

const config = loadConfig(process.env);
// Before the application opens its pool: every statement it sends from then on is counted.
countStatements();
if (process.env.BENCH_DIAG === '1') watchEventLoop();
if (config.model.provider !== 'openai') throw new Error('the benchmark server needs OPENAI_BASE_URL');
const { openaiRelay, rawRelay, peerEndpoint } = relays(config.model.openai.baseUrl);

const app = await createApp(config);
const express = app.getHttpAdapter().getInstance() as {
  post(path: string, handler: (request: Request, response: Response) => void): void;
  get(path: string, handler: (request: Request, response: Response) => void): void;
};
// Registered before Nest's body parser runs: each reads the request body itself.
express.post('/bench/relay', (request, response) => void openaiRelay(request, response));
express.post('/bench/raw', (request, response) => void rawRelay(request, response));
express.post('/bench/peer', (request, response) => void peerEndpoint(request, response));
/** Bench users, each with a conversation and a token: one answer may be in flight per user. */
express.get('/bench/users', (request, response) => {
  const count = Number(request.query.count ?? 0);
  const users = app.get(UserRepository);
  const conversations = app.get(ConversationRepository);
  const tokens = app.get<TokenStore>(TOKEN_STORE);
  void (async () => {
    const sample = await app.get(SampleKnowledgeBase).find();
    const created: { token: string; conversationUuid: string }[] = [];
    for (let i = 0; i < count; i++) {
      // Logging in would cost a bcrypt hash per user; the hash is never checked here.
      const user = await users.create({
        name: `bench${i}`,
        email: `bench-${Date.now()}-${i}@example.test`,
        passwordHash: '-',
        isAdmin: false,
      });
      const conversation = await conversations.create(user.id, { title: 'bench', kbIds: sample ? [sample.id] : [] });
      created.push({ token: await tokens.issue(user.id), conversationUuid: conversation.uuid });
    }
    response.json(created);
  })();
});
/** The per-question steps of the endpoint, timed one by one (see question-steps.ts). */
express.get('/bench/question-steps', (request, response) => {
  const { token = '', conversationUuid = '', rounds = '100' } = request.query as Record<string, string | undefined>;
  void questionSteps(app, { token, conversationUuid }, Number(rounds)).then((costs) => response.json(costs));
});
/** What one statement costs this process, alone and twenty at once (see question-steps.ts). */
express.get('/bench/statement-cost', (_request, response) => {
  void statementCost(app, 2000).then((cost) => response.json(cost));
});
/** The statements sent to PostgreSQL so far, by statement (see statement-count.ts). */
express.get('/bench/statements', (_request, response) => response.json(statementCounts()));
/** CPU profiling of the measured phases only (not of start-up, bench users or warm-up): start, then stop into a file. */
const inspector = new Session();
inspector.connect();
express.get('/bench/profile', (request, response) => {
  const { action, file } = request.query as Record<string, string | undefined>;
  void (async () => {
    if (action === 'start') {
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.start');
    } else {
      const { profile } = await inspector.post('Profiler.stop');
      writeFileSync(file ?? 'bench.cpuprofile', JSON.stringify(profile));
    }
    response.json({ ok: true });
  })();
});
/**
 * Allocation sampling over the measured phases: every allocation, including what the next collection frees, is
 * sampled about once per 16 KiB, so that the profile says where the young generation fills up from.
 */
express.get('/bench/alloc', (request, response) => {
  const { action, file } = request.query as Record<string, string | undefined>;
  void (async () => {
    if (action === 'start') {
      await inspector.post('HeapProfiler.enable');
      await inspector.post('HeapProfiler.startSampling', {
        samplingInterval: 16_384,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    } else {
      const { profile } = await inspector.post('HeapProfiler.stopSampling');
      writeFileSync(file ?? 'bench.heapprofile', JSON.stringify(profile));
    }
    response.json({ ok: true });
  })();
});
/** A heap snapshot into a file, to see what the open streams keep alive (collects first). */
express.get('/bench/heap', (request, response) => {
  if (typeof globalThis.gc === 'function') globalThis.gc();
  const { file = 'bench.heapsnapshot' } = request.query as Record<string, string | undefined>;
  response.json({ file: writeHeapSnapshot(file) });
});
express.get('/bench/usage', (request, response) => {
  // With --expose-gc, a baseline can be taken after a collection, so that garbage of the last phase is not counted.
  if (request.query.gc && typeof globalThis.gc === 'function') globalThis.gc();
  const cpu = process.cpuUsage();
  const memory = process.memoryUsage();
  // What the process holds on the JavaScript heap and off it (socket and parser buffers): after a collection,
  // what the open streams keep alive.
  response.json({ cpuMicros: cpu.user + cpu.system, rss: memory.rss, held: memory.heapUsed + memory.external });
});
await app.listen(0, '127.0.0.1');
process.stdout.write(`READY ${(await app.getUrl()).replace('[::1]', '127.0.0.1')}\n`);
