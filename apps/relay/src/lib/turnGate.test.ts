import { describe, expect, it } from 'vitest';
import { eachTurn } from '../testkit/turns.testkit.js';
import { TurnGate } from './turnGate.js';

describe('TurnGate', () => {
  it('lets at most perTurn callers on per turn of the event loop, in the order they came', async () => {
    const gate = new TurnGate(3);
    let turn = 0;
    const stop = eachTurn(() => {
      turn += 1;
    });
    const went: { caller: number; turn: number }[] = [];
    await Promise.all(
      Array.from({ length: 10 }, async (_, caller) => {
        const wait = gate.pass();
        if (wait) await wait;
        went.push({ caller, turn });
      }),
    );
    stop();
    expect(went.map((w) => w.caller)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const perTurn = new Map<number, number>();
    for (const w of went) perTurn.set(w.turn, (perTurn.get(w.turn) ?? 0) + 1);
    expect([...perTurn.values()]).toEqual([3, 3, 3, 1]);
    expect(gate.queued).toBe(0);
  });

  it('keeps nobody waiting while a turn has room', async () => {
    const gate = new TurnGate(2);
    expect(gate.pass()).toBeUndefined();
    expect(gate.pass()).toBeUndefined();
    const third = gate.pass();
    expect(third).toBeInstanceOf(Promise);
    await third;
    // A later turn has room again.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(gate.pass()).toBeUndefined();
  });
});
