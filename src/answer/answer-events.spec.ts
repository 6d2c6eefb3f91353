import { type Observable, NEVER, of, throwError, concat } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { modelTurn, withRepairRetry, type AnswerEvent, type ModelTurnOptions } from './answer-events.js';
import { ModelTimeoutError } from '../model/model-errors.js';
import { TurnLane } from '../platform/common/turn-lane.js';

/** Resolves after the immediates queued before it (and the microtasks they start) have run. */
const afterQueuedImmediates = () => new Promise((resolve) => setImmediate(resolve));

describe('modelTurn', () => {
  const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
  /** Ends at once: for the marble tests, where the lane's turn is not what is tested. */
  const now = { turn: () => ({ then: (run: () => void) => run() }) } as unknown as TurnLane;
  const turn = (options: Partial<ModelTurnOptions> = {}) =>
    modelTurn<string>({ stop$: NEVER, deadlineMs: 1000, lane: now, ...options });

  it('passes a stream that finishes in time through unchanged', () => {
    scheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('a-b-|').pipe(turn({ deadlineMs: 10 }))).toBe('a-b-|');
    });
  });

  it('fails a stream still running at the deadline and unsubscribes it', () => {
    scheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('a 9ms b 10ms c|');
      expectObservable(source.pipe(turn({ deadlineMs: 5 }))).toBe('a 4ms #', undefined, new ModelTimeoutError(5));
      expectSubscriptions(source.subscriptions).toBe('^ 4ms !');
    });
  });

  it('ends as complete when stopped, and unsubscribes the model', () => {
    scheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = cold('a 9ms b|');
      expectObservable(source.pipe(turn({ stop$: hot('---s') }))).toBe('a--|');
      expectSubscriptions(source.subscriptions).toBe('^--!');
    });
  });

  it('does not start the model when the stop came first', () => {
    scheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('a|');
      expectObservable(source.pipe(turn({ stop$: of('stopped') }))).toBe('|');
      expectSubscriptions(source.subscriptions).toBe([]);
    });
  });

  it('reports the first output once', () => {
    const firsts: string[] = [];
    of('a', 'b')
      .pipe(turn({ onFirstOutput: () => firsts.push('first') }))
      .subscribe();
    expect(firsts).toEqual(['first']);
  });

  it('passes values at once and holds the completion until the lane gives it a turn', async () => {
    const seen: string[] = [];
    of('1', '2')
      .pipe(turn({ lane: new TurnLane() }))
      .subscribe({ next: (value) => seen.push(`next ${value}`), complete: () => seen.push('complete') });
    seen.push('subscribed');
    expect(seen).toEqual(['next 1', 'next 2', 'subscribed']);
    await afterQueuedImmediates();
    expect(seen).toEqual(['next 1', 'next 2', 'subscribed', 'complete']);
  });

  it('holds a failure the same way', async () => {
    const seen: string[] = [];
    throwError(() => new Error('cut'))
      .pipe(turn({ lane: new TurnLane() }))
      .subscribe({ error: (error: Error) => seen.push(`error ${error.message}`) });
    seen.push('subscribed');
    await afterQueuedImmediates();
    expect(seen).toEqual(['subscribed', 'error cut']);
  });

  it('lets ends that come together go one turn apart', async () => {
    const lane = new TurnLane();
    const seen: string[] = [];
    for (const name of ['first', 'second']) {
      of(name)
        .pipe(turn({ lane }))
        .subscribe({ complete: () => seen.push(name) });
    }
    await afterQueuedImmediates();
    expect(seen).toEqual(['first']);
    await afterQueuedImmediates();
    expect(seen).toEqual(['first', 'second']);
  });

  it('sends nothing once unsubscribed while the end waits', async () => {
    const seen: string[] = [];
    const subscription = of('1')
      .pipe(turn({ lane: new TurnLane() }))
      .subscribe({ complete: () => seen.push('complete') });
    subscription.unsubscribe();
    await afterQueuedImmediates();
    expect(seen).toEqual([]);
  });
});

describe('withRepairRetry', () => {
  const broken: AnswerEvent = { type: 'broken', outcome: 'not_json', reason: 'the output is not JSON' };
  const text = (value: string): AnswerEvent => ({ type: 'text', text: value });

  async function collect(source: Observable<AnswerEvent>): Promise<AnswerEvent[]> {
    const events: AnswerEvent[] = [];
    await new Promise<void>((resolve, reject) =>
      source.subscribe({ next: (e) => events.push(e), error: reject, complete: resolve }),
    );
    return events;
  }

  it('drops an attempt that broke before showing text and runs the repair attempt once', async () => {
    const attempts: boolean[] = [];
    const reasons: string[] = [];
    const events = await collect(
      withRepairRetry(
        (repair) => {
          attempts.push(repair);
          return repair ? of(broken, text('still prose')) : of(broken, text('prose'));
        },
        (reason) => reasons.push(reason),
      ),
    );
    expect(attempts).toEqual([false, true]);
    expect(reasons).toEqual(['the output is not JSON']);
    expect(events).toEqual([broken, text('still prose')]);
  });

  it('keeps an attempt that broke after text was shown', async () => {
    const attempts: boolean[] = [];
    const events = await collect(
      withRepairRetry(
        (repair) => {
          attempts.push(repair);
          return of(text('shown'), broken, text('rest'));
        },
        () => undefined,
      ),
    );
    expect(attempts).toEqual([false]);
    expect(events).toEqual([text('shown'), broken, text('rest')]);
  });

  it('passes errors on', async () => {
    const failure = new Error('upstream');
    await expect(
      collect(
        withRepairRetry(
          () =>
            concat(
              of(text('a')),
              throwError(() => failure),
            ),
          () => undefined,
        ),
      ),
    ).rejects.toBe(failure);
  });
});
