import { jest } from '@jest/globals';
import { ThrottleLog } from './throttle-log.js';

const WINDOW_MS = 10_000;

/** A throttle log whose lines are kept, as the logger would write them. */
function throttleLog() {
  const lines: Record<string, unknown>[] = [];
  const log = new ThrottleLog(
    { warn: (line) => lines.push(line as Record<string, unknown>) },
    'logins throttled',
    WINDOW_MS,
  );
  return { log, lines };
}

describe('ThrottleLog', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('writes the first refusal at once, and the rest of its window as one line with their count', () => {
    const { log, lines } = throttleLog();
    log.refused({ address: '203.0.113.1', reason: 'address', retryAfterSeconds: 60 });
    expect(lines).toEqual([
      {
        message: 'logins throttled',
        attempts: 1,
        addresses: 1,
        top: [{ address: '203.0.113.1', attempts: 1 }],
        reasons: { address: 1 },
        retryAfterSeconds: 60,
      },
    ]);

    for (let i = 0; i < 150; i++) log.refused({ address: '203.0.113.1', reason: 'address', retryAfterSeconds: 59 });
    for (let i = 0; i < 40; i++) {
      log.refused({ address: '198.51.100.7', reason: 'account-and-address', retryAfterSeconds: 900 });
    }
    expect(lines).toHaveLength(1);

    jest.advanceTimersByTime(WINDOW_MS);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toEqual({
      message: 'logins throttled',
      attempts: 190,
      addresses: 2,
      top: [
        { address: '203.0.113.1', attempts: 150 },
        { address: '198.51.100.7', attempts: 40 },
      ],
      reasons: { address: 150, 'account-and-address': 40 },
      retryAfterSeconds: 900,
    });
  });

  it('writes nothing for a quiet window, and then the next refusal at once', () => {
    const { log, lines } = throttleLog();
    log.refused({ address: '203.0.113.1', retryAfterSeconds: 30 });
    jest.advanceTimersByTime(WINDOW_MS);
    expect(lines).toHaveLength(1);

    jest.advanceTimersByTime(5 * WINDOW_MS);
    log.refused({ address: '203.0.113.2', retryAfterSeconds: 20 });
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ attempts: 1, top: [{ address: '203.0.113.2', attempts: 1 }] });
    // Without a reason (a throttle with one allowance), the line names none.
    expect(lines[1]).not.toHaveProperty('reasons');
  });

  it('keeps counting window after window while the flood lasts', () => {
    const { log, lines } = throttleLog();
    for (let window = 0; window < 3; window++) {
      for (let i = 0; i < 10; i++) log.refused({ address: '203.0.113.1', retryAfterSeconds: 5 });
      jest.advanceTimersByTime(WINDOW_MS);
    }
    expect(lines.map((line) => line.attempts)).toEqual([1, 9, 10, 10]);
  });

  it('writes what the open window counted when flushed (at shutdown), and nothing when it counted nothing', () => {
    const { log, lines } = throttleLog();
    log.flush();
    expect(lines).toHaveLength(0);

    log.refused({ address: '203.0.113.1', retryAfterSeconds: 5 });
    log.refused({ address: '203.0.113.1', retryAfterSeconds: 5 });
    log.flush();
    expect(lines.map((line) => line.attempts)).toEqual([1, 1]);
    // The flush closed the window: the next refusal is written at once.
    log.refused({ address: '203.0.113.1', retryAfterSeconds: 5 });
    expect(lines).toHaveLength(3);
    jest.advanceTimersByTime(WINDOW_MS);
    expect(lines).toHaveLength(3);
  });

  it('counts a flood from more addresses than it names one by one, without keeping them all', () => {
    const { log, lines } = throttleLog();
    log.refused({ address: '10.0.0.0', retryAfterSeconds: 5 });
    for (let i = 1; i <= 1_500; i++) log.refused({ address: `10.0.${i >> 8}.${i & 255}`, retryAfterSeconds: 5 });
    jest.advanceTimersByTime(WINDOW_MS);
    expect(lines[1]).toMatchObject({ attempts: 1_500, addresses: 1_000, fromUncountedAddresses: 500 });
    expect(lines[1]!.top).toHaveLength(5);
  });
});
