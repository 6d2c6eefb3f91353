/**
 * The server side of the SSE load benchmark: the real application, plus two routes that exist only here:
 * a minimal pass-through SSE relay of the same model stream (the floor to compare the endpoint with), and a
 * probe of this process's CPU time and memory. Prints `READY <url>` once listening.
 */
import type { Request, Response } from 'express';
import OpenAI from 'openai';
import { createApp } from '../src/app.factory.js';
import { TOKEN_STORE, type TokenStore } from '../src/auth/token-store.js';
import { UserRepository } from '../src/auth/user.repository.js';
import { ConversationRepository } from '../src/conversation/conversation.repository.js';
import { SampleKnowledgeBase } from '../src/knowledge/sample-knowledge-base.js';
import { loadConfig } from '../src/config/app-config.js';

const config = loadConfig(process.env);
if (config.model.provider !== 'openai') throw new Error('the benchmark server needs OPENAI_BASE_URL');
const openai = new OpenAI({ baseURL: config.model.openai.baseUrl, apiKey: 'bench', maxRetries: 0 });

/** Registered before Nest's body parser runs, so it reads the request body itself. */
async function relay(request: Request, response: Response): Promise<void> {
  let raw = '';
  for await (const chunk of request) raw += String(chunk);
  const body = JSON.parse(raw) as { prompt: string };
  const abort = new AbortController();
  response.on('close', () => abort.abort());
  const stream = await openai.chat.completions.create(
    { model: 'bench', stream: true, messages: [{ role: 'user', content: body.prompt }] },
    { signal: abort.signal },
  );
  response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  try {
    for await (const chunk of stream) {
      const text = chunk.choices[0]?.delta.content;
      if (text) response.write(`data:${text}\n\n`);
    }
    response.end('event:[DONE]\ndata:\n\n');
  } catch {
    response.end();
  }
}

const app = await createApp(config);
const express = app.getHttpAdapter().getInstance() as {
  post(path: string, handler: (request: Request, response: Response) => void): void;
  get(path: string, handler: (request: Request, response: Response) => void): void;
};
express.post('/bench/relay', (request, response) => void relay(request, response));
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
express.get('/bench/usage', (_request, response) => {
  const cpu = process.cpuUsage();
  response.json({ cpuMicros: cpu.user + cpu.system, rss: process.memoryUsage().rss });
});
await app.listen(0, '127.0.0.1');
process.stdout.write(`READY ${(await app.getUrl()).replace('[::1]', '127.0.0.1')}\n`);
