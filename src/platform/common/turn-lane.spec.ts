import { TurnLane } from './turn-lane.js';

describe('TurnLane', () => {
  it('lets waiters go in the order they came', async () => {
    const lane = new TurnLane();
    const order: number[] = [];
    await Promise.all([1, 2, 3].map((n) => lane.turn().then(() => order.push(n))));
    expect(order).toEqual([1, 2, 3]);
  });

  it('puts a whole turn of the event loop between two waiters: a timer due meanwhile runs between them', async () => {
    const lane = new TurnLane();
    const seen: string[] = [];
    const first = lane.turn().then(() => {
      seen.push('first');
      // Due by the next turn (the busy wait outlasts it), so it runs in that turn's timer phase: before the
      // second waiter only if the second waits for that turn.
      setTimeout(() => seen.push('timer'), 1);
      const until = performance.now() + 3;
      while (performance.now() < until);
    });
    const second = lane.turn().then(() => seen.push('second'));
    await Promise.all([first, second]);
    expect(seen).toEqual(['first', 'timer', 'second']);
  });

  it('spreads a large backlog over at most its number of turns', async () => {
    const lane = new TurnLane(4);
    let turn = 0;
    const turnOf: number[] = [];
    // Counts turns with an immediate that queues itself again: one per turn of the event loop.
    let counting = true;
    const count = () => {
      turn++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    await Promise.all(Array.from({ length: 40 }, () => lane.turn().then(() => turnOf.push(turn))));
    counting = false;
    const turnsUsed = new Set(turnOf).size;
    expect(turnsUsed).toBeGreaterThan(1);
    expect(turnsUsed).toBeLessThanOrEqual(4);
  });
});
