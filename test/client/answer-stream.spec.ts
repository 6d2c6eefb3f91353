import { AnswerStream, type StreamOpener } from '../../packages/client/src/index.js';

/** An SSE frame as the service writes it. */
const frame = (id: number, event: string | undefined, data: string) =>
  `${event ? `event:${event}\n` : ''}id:${id}\ndata:${data}\n\n`;

const META = '[META]{"question":{"uuid":"q1"},"answer":{"uuid":"a1","isRefEmbedding":false,"isRefGraph":false}}';

/**
 * A response whose body sends `frames`, then ends, or breaks off as a dropped connection does. Only the
 * network is played here; the stream logic under test is the library's own.
 */
function response(frames: string[], options: { drop?: boolean; answerUuid?: string } = {}): Response {
  const left = frames.map((text) => new TextEncoder().encode(text));
  // A frame each time the reader asks (no frame is queued ahead): erroring a stream discards what it still holds,
  // so the drop comes when the reader asks for more after the last frame.
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = left.shift();
        if (next) controller.enqueue(next);
        else if (options.drop) controller.error(new TypeError('terminated'));
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream',
      ...(options.answerUuid ? { 'X-Answer-Uuid': options.answerUuid } : {}),
    },
  });
}

describe('an answer stream', () => {
  it('resumes a dropped connection from the last event id and ends with the whole answer', async () => {
    const calls: (undefined | { answerUuid: string; lastEventId: number })[] = [];
    const opener: StreamOpener = (_signal, from) => {
      calls.push(from);
      return Promise.resolve(
        from
          ? response([frame(4, undefined, 'world'), frame(5, '[DONE]', META)], { answerUuid: 'a1' })
          : response([frame(1, '[START]', ''), frame(2, undefined, 'Hello'), frame(3, undefined, ', ')], {
              drop: true,
              answerUuid: 'a1',
            }),
      );
    };
    const final = await new AnswerStream(opener, { reconnectDelayMs: 1 }).finished;
    expect(calls).toEqual([undefined, { answerUuid: 'a1', lastEventId: 3 }]);
    expect(final).toMatchObject({ status: 'done', text: 'Hello, world', reconnects: 1, lastEventId: 5 });
  });

  it('skips events it already has when a replay overlaps', async () => {
    let first = true;
    const opener: StreamOpener = () => {
      const frames = [frame(1, '[START]', ''), frame(2, undefined, 'A')];
      if (first) {
        first = false;
        return Promise.resolve(response(frames, { drop: true, answerUuid: 'a1' }));
      }
      return Promise.resolve(response([...frames, frame(3, undefined, 'B'), frame(4, '[DONE]', META)]));
    };
    const final = await new AnswerStream(opener, { reconnectDelayMs: 1 }).finished;
    expect(final.text).toBe('AB');
  });

  it('gives up with CONNECTION_LOST when the server never named the answer', async () => {
    const opener: StreamOpener = () => Promise.resolve(response([frame(1, '[START]', '')], { drop: true }));
    const final = await new AnswerStream(opener).finished;
    expect(final.status).toBe('error');
    expect(final.error?.code).toBe('CONNECTION_LOST');
  });

  it('gives up after the configured number of failed resumes in a row', async () => {
    let calls = 0;
    const opener: StreamOpener = () => {
      calls++;
      return calls === 1
        ? Promise.resolve(response([frame(1, '[START]', '')], { drop: true, answerUuid: 'a1' }))
        : Promise.reject(new TypeError('fetch failed'));
    };
    const final = await new AnswerStream(opener, { maxReconnects: 2, reconnectDelayMs: 1 }).finished;
    expect(calls).toBe(3);
    expect(final.error?.code).toBe('CONNECTION_LOST');
  });

  it('stops through the server when it can, and closes the connection when it cannot', async () => {
    const hanging: StreamOpener = (signal) =>
      Promise.resolve(
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode(frame(1, '[START]', '')));
              signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
            },
          }),
          { headers: { 'Content-Type': 'text/event-stream', 'X-Answer-Uuid': 'a1' } },
        ),
      );
    const stopped: string[] = [];
    const refused = new AnswerStream(hanging, {
      stop: (uuid) => {
        stopped.push(uuid);
        return Promise.resolve(false);
      },
    });
    // Once the stream knows the answer's uuid, from the response's headers.
    await new Promise<void>((resolve) => refused.subscribe((state) => state.answerUuid && resolve()));
    await refused.stop();
    expect(stopped).toEqual(['a1']);
    expect((await refused.finished).status).toBe('aborted');
  });

  it('reports an HTTP error with the code from the JSON envelope', async () => {
    const opener: StreamOpener = () =>
      Promise.resolve(
        new Response('{"success":false,"code":"REQUEST_INVALID","message":"prompt is required"}', {
          status: 400,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    const final = await new AnswerStream(opener).finished;
    expect(final.error).toEqual({ code: 'REQUEST_INVALID', message: 'prompt is required' });
  });
});
