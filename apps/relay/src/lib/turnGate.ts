/**
 * A gate that lets a bounded number of callers through per turn of the event loop: when
 * thousands wait on one thing (a page shared by a crowd of agents), they go on in turns of
 * `perTurn`, first come first served, so sockets and requests are served between the turns.
 * Invariant: at most `perTurn` callers pass in one turn, and none waits while a turn has room and
 * nobody waits before it.
 */
import { setImmediate } from 'node:timers';

export class TurnGate {
  private passed = 0;
  private turning = false;
  private waiting: (() => void)[] = [];
  private next = 0;

  constructor(private readonly perTurn: number) {}

  /** Undefined when the caller may go on in this turn; else a promise of its turn. */
  pass(): Promise<void> | undefined {
    this.turnLater();
    if (this.next === this.waiting.length && this.passed < this.perTurn) {
      this.passed += 1;
      return undefined;
    }
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Callers waiting for a later turn. */
  get queued(): number {
    return this.waiting.length - this.next;
  }

  private turnLater(): void {
    if (this.turning) return;
    this.turning = true;
    setImmediate(this.turn);
  }

  /** A new turn: the next `perTurn` waiting callers go on (in this turn's microtasks). */
  private readonly turn = (): void => {
    this.turning = false;
    this.passed = 0;
    while (this.passed < this.perTurn && this.next < this.waiting.length) {
      this.passed += 1;
      (this.waiting[this.next] as () => void)();
      this.next += 1;
    }
    if (this.next === this.waiting.length) {
      this.waiting = [];
      this.next = 0;
    }
    if (this.passed > 0) this.turnLater();
  };
}
