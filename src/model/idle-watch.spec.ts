import { jest } from '@jest/globals';
import { IdleWatch } from './idle-watch.js';

describe('IdleWatch', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('calls the silence once nothing was heard for idleMs, each chunk pushing it back', () => {
    const silence = jest.fn();
    const watch = new IdleWatch(100, silence);
    jest.advanceTimersByTime(90);
    watch.heard();
    jest.advanceTimersByTime(90);
    expect(silence).not.toHaveBeenCalled();
    jest.advanceTimersByTime(10);
    expect(silence).toHaveBeenCalledTimes(1);
    watch.stop();
  });

  it('does not count the time the reader holds the stream paused, and counts again from when it is ready', async () => {
    const silence = jest.fn();
    const watch = new IdleWatch(100, silence);
    let ready = () => undefined as void;
    const pause = watch.paused(new Promise<void>((resolve) => (ready = resolve)), new AbortController().signal);
    jest.advanceTimersByTime(1000);
    expect(silence).not.toHaveBeenCalled();
    ready();
    await pause;
    jest.advanceTimersByTime(99);
    expect(silence).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(silence).toHaveBeenCalledTimes(1);
    watch.stop();
  });

  it('stops waiting for a reader that left, and never calls the silence without idleMs or once stopped', async () => {
    const silence = jest.fn();
    const left = new AbortController();
    const watch = new IdleWatch(undefined, silence);
    const pause = watch.paused(new Promise<void>(() => undefined), left.signal);
    left.abort();
    await pause;
    jest.advanceTimersByTime(60_000);
    const stopped = new IdleWatch(100, silence);
    stopped.stop();
    jest.advanceTimersByTime(60_000);
    expect(silence).not.toHaveBeenCalled();
  });
});
