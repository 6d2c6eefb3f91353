import {
  asyncScheduler,
  Observable,
  Subscription,
  type MonoTypeOperatorFunction,
  type OperatorFunction,
  type SchedulerLike,
} from 'rxjs';
import type { CitationCatalog } from '../citation/citation-catalog.js';
import type { CitationStreamEvent, CitationSummary } from '../citation/citation-events.js';
import { CitationAssembler, type CitationStreamOptions } from '../citation/citation-stream.js';
import type { FinishReason, ModelDelta, TokenUsage } from '../model/model-provider.js';
import { SafeTextStream } from '../text/safe-text.js';
import { ModelTimeoutError } from '../model/model-errors.js';
import type { TurnLane } from '../platform/common/turn-lane.js';

/** Everything one answer produces, in order: citation events, the model's reasoning, and how it finished. */
export type AnswerEvent =
  | Exclude<CitationStreamEvent, { type: 'done' }>
  | { type: 'thinking'; text: string }
  | { type: 'done'; summary: CitationSummary; usage?: TokenUsage; finishReason?: FinishReason };

/**
 * Model deltas → answer events: answer text through the citation core, reasoning passed on as it comes. This
 * is the one operator between the model and the wire; the fixture, chunking and property suites drive it too.
 * NUL and lone surrogates become U+FFFD here, before anything is shown.
 */
export function answerEvents(
  catalog: CitationCatalog,
  options: CitationStreamOptions,
): OperatorFunction<ModelDelta, AnswerEvent> {
  return (source) =>
    new Observable<AnswerEvent>((subscriber) => {
      let usage: TokenUsage | undefined;
      let finishReason: FinishReason | undefined;
      let failing = false;
      const reasoning = new SafeTextStream();
      const releaseReasoning = () => {
        const held = reasoning.flush();
        if (held !== '') subscriber.next({ type: 'thinking', text: held });
      };
      const assembler = new CitationAssembler(catalog, options, (event) => {
        // A model that failed did not break the format: what the failure cut off is not a reason to ask again.
        if (event.type === 'broken' && failing) return;
        if (event.type !== 'done') return subscriber.next(event);
        // Only here is it known whether the model stopped at its token limit: the summary says so from here on.
        const summary = finishReason === 'length' ? { ...event.summary, truncated: true } : event.summary;
        subscriber.next({
          type: 'done',
          summary,
          ...(usage ? { usage } : {}),
          ...(finishReason ? { finishReason } : {}),
        });
      });
      return source.subscribe({
        next: (delta) => {
          switch (delta.type) {
            case 'content':
              assembler.write(delta.text);
              break;
            case 'reasoning': {
              const text = reasoning.write(delta.text);
              if (text !== '') subscriber.next({ type: 'thinking', text });
              break;
            }
            case 'finish':
              usage = delta.usage;
              finishReason = delta.reason;
              break;
          }
        },
        error: (error: unknown) => {
          failing = true;
          releaseReasoning();
          assembler.end();
          subscriber.error(error);
        },
        complete: () => {
          releaseReasoning();
          assembler.end();
          subscriber.complete();
        },
      });
    });
}

/** How {@link modelTurn} reads the model's stream. */
export interface ModelTurnOptions {
  /** Cuts the model short: its stream then ends as complete. A stop fired before it started keeps it from starting. */
  stop$: Observable<unknown>;
  /** Fails the stream with {@link ModelTimeoutError} when it has not finished this long after it started. */
  deadlineMs: number;
  /** Gives the stream's end its turn of the event loop. */
  lane: TurnLane;
  /** Called with the model's first output. */
  onFirstOutput?: () => void;
  scheduler?: SchedulerLike;
}

/**
 * The model's stream as an answer reads it, in one operator: cut short by a stop, failed at its deadline (either
 * unsubscribes the model, which aborts its request), its first output reported, and its end (completion or
 * failure) held until `lane` gives it a turn of the event loop.
 *
 * The end waits for its turn so that everything an answer does when its model stops (the citation summary, the
 * `done` event, storing the answer, its last events) runs in that turn, after the turn's network reads. Answers
 * that started together end together: without this, each one's end ran inside the read that brought its last
 * bytes, and the last paragraphs of the answers read after it waited behind all of those ends.
 *
 * One operator rather than a chain of four: each operator in a chain keeps a subscriber, an observable and their
 * closures for as long as the answer streams.
 */
export function modelTurn<T>(options: ModelTurnOptions): MonoTypeOperatorFunction<T> {
  const { stop$, deadlineMs, lane, onFirstOutput, scheduler = asyncScheduler } = options;
  return (source) =>
    new Observable<T>((subscriber) => {
      const subscriptions = new Subscription();
      let ended = false;
      let firstOutput = onFirstOutput;
      const end = (finish: () => void) => {
        if (ended) return;
        ended = true;
        subscriptions.unsubscribe();
        void lane.turn().then(finish);
      };
      subscriptions.add(stop$.subscribe(() => end(() => subscriber.complete())));
      if (ended) return subscriptions;
      subscriptions.add(
        scheduler.schedule(() => end(() => subscriber.error(new ModelTimeoutError(deadlineMs))), deadlineMs),
      );
      subscriptions.add(
        source.subscribe({
          next: (value) => {
            if (ended) return;
            if (firstOutput) {
              firstOutput();
              firstOutput = undefined;
            }
            subscriber.next(value);
          },
          error: (error: unknown) => end(() => subscriber.error(error)),
          complete: () => end(() => subscriber.complete()),
        }),
      );
      return subscriptions;
    });
}

/**
 * Runs `attempt(false)`; if the answer's structure breaks before the reader has been shown any of its text,
 * drops that attempt and runs `attempt(true)` once (a repair request) in its place. Once text has been shown
 * the break stands, and the citation core's fallback carries the answer.
 */
export function withRepairRetry(
  attempt: (repair: boolean) => Observable<AnswerEvent>,
  onRetry: (reason: string) => void,
): Observable<AnswerEvent> {
  return new Observable<AnswerEvent>((subscriber) => {
    let current: Subscription | undefined;
    let retried = false;
    let shownText = false;
    const run = (repair: boolean) => {
      let abandoned = false;
      const subscription = attempt(repair).subscribe({
        next: (event) => {
          if (abandoned) return;
          if (event.type === 'text') shownText = true;
          if (event.type === 'broken' && !shownText && !retried) {
            abandoned = true;
            retried = true;
            current?.unsubscribe();
            onRetry(event.reason);
            run(true);
            return;
          }
          subscriber.next(event);
        },
        error: (error: unknown) => {
          if (!abandoned) subscriber.error(error);
        },
        complete: () => {
          if (!abandoned) subscriber.complete();
        },
      });
      if (abandoned) subscription.unsubscribe();
      else current = subscription;
    };
    run(false);
    return () => current?.unsubscribe();
  });
}
