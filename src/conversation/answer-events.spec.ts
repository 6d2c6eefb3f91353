import { type Observable, of, throwError, concat } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { deadline, withRepairRetry, type AnswerEvent } from './answer-events.js';
import { ModelTimeoutError } from '../model/model-errors.js';

describe('deadline', () => {
  const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

  it('passes a stream that finishes in time through unchanged', () => {
    scheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('a-b-|').pipe(deadline(10))).toBe('a-b-|');
    });
  });

  it('fails a stream still running at the deadline and unsubscribes it', () => {
    scheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('a 9ms b 10ms c|');
      expectObservable(source.pipe(deadline(5))).toBe('a 4ms #', undefined, new ModelTimeoutError(5));
      expectSubscriptions(source.subscriptions).toBe('^ 4ms !');
    });
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
