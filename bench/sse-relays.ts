/**
 * The routes the ask endpoint is compared with in the SSE load benchmark, all against the same OpenAI-compatible
 * model server:
 *   - `openaiRelay`: the model stream read with the `openai` package, each text delta sent as an SSE event;
 *   - `rawRelay`: the model's bytes forwarded as they arrive, parsed by nobody (the floor);
 *   - `peerEndpoint`: what the Vercel AI SDK's documentation shows for streaming a list of objects
 *     (`streamObject` with `output: 'array'` over the same paragraph schema, read from `elementStream`), each
 *     finished paragraph sent as an SSE event framed like the endpoint's `[CITATION_PARAGRAPH]`.
 * None of them authenticates, retrieves or stores anything: they are the streaming part alone.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamObject } from 'ai';
import type { Request, Response } from 'express';
import { request as httpRequest } from 'node:http';
import OpenAI from 'openai';
import { paragraphSchema } from '../src/citation/answer-schema.js';

const SSE_HEADERS = { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' };

async function promptOf(request: Request): Promise<string> {
  let raw = '';
  for await (const chunk of request) raw += String(chunk);
  return (JSON.parse(raw) as { prompt: string }).prompt;
}

function abortOnClose(response: Response): AbortSignal {
  const abort = new AbortController();
  response.on('close', () => abort.abort());
  return abort.signal;
}

export function relays(modelBaseUrl: string) {
  const openai = new OpenAI({ baseURL: modelBaseUrl, apiKey: 'bench', maxRetries: 0 });
  const provider = createOpenAICompatible({
    name: 'bench',
    baseURL: modelBaseUrl,
    apiKey: 'bench',
    // As the endpoint does: the schema goes to the model as `response_format: json_schema`.
    supportsStructuredOutputs: true,
  });

  async function openaiRelay(request: Request, response: Response): Promise<void> {
    const prompt = await promptOf(request);
    const signal = abortOnClose(response);
    try {
      const stream = await openai.chat.completions.create(
        { model: 'bench', stream: true, messages: [{ role: 'user', content: prompt }] },
        { signal },
      );
      response.writeHead(200, SSE_HEADERS);
      for await (const chunk of stream) {
        const text = chunk.choices[0]?.delta.content;
        if (text) response.write(`data:${text}\n\n`);
      }
      response.end('event:[DONE]\ndata:\n\n');
    } catch {
      response.end();
    }
  }

  async function rawRelay(request: Request, response: Response): Promise<void> {
    const prompt = await promptOf(request);
    const upstream = httpRequest(`${modelBaseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
    });
    response.on('close', () => upstream.destroy());
    upstream.on('response', (model) => {
      response.writeHead(200, SSE_HEADERS);
      model.pipe(response);
    });
    upstream.on('error', () => response.end());
    upstream.end(JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: prompt }] }));
  }

  async function peerEndpoint(request: Request, response: Response): Promise<void> {
    const prompt = await promptOf(request);
    const result = streamObject({
      model: provider.chatModel('bench'),
      output: 'array',
      schema: paragraphSchema,
      prompt,
      maxRetries: 0,
      abortSignal: abortOnClose(response),
      onError: () => undefined,
    });
    response.writeHead(200, SSE_HEADERS);
    let paragraphIndex = 0;
    try {
      for await (const paragraph of result.elementStream) {
        response.write(
          `event:[CITATION_PARAGRAPH]\ndata:${JSON.stringify({ paragraphIndex: paragraphIndex++, ...paragraph })}\n\n`,
        );
      }
      response.end('event:[DONE]\ndata:\n\n');
    } catch {
      response.end();
    }
  }

  return { openaiRelay, rawRelay, peerEndpoint };
}
