/** One due change of one referral. */
export interface MarketEvent {
  readonly at: number;
  readonly seq: number;
  readonly kind: EventKind;
  readonly id: number;
}

/** What a scheduled event does when it falls due. */
export type EventKind = 'route' | 'expire' | 'claim' | 'settle' | 'decay';

/**
 * A binary min-heap of events by instant, ties in the order they were pushed, so the live market
 * takes only what is due each tick (O(due · log n)) and the order is the same on every run.
 */
export class EventQueue {
  private readonly heap: MarketEvent[] = [];

  /** How many events are waiting (stale ones included). */
  get size(): number {
    return this.heap.length;
  }

  /** Adds an event. */
  push(event: MarketEvent): void {
    const heap = this.heap;
    heap.push(event);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(event, heap[parent] as MarketEvent)) break;
      heap[i] = heap[parent] as MarketEvent;
      i = parent;
    }
    heap[i] = event;
  }

  /** Takes the earliest event if it is due at `nowMs`. */
  popDue(nowMs: number): MarketEvent | undefined {
    const heap = this.heap;
    const top = heap[0];
    if (top === undefined || top.at > nowMs) return undefined;
    const last = heap.pop() as MarketEvent;
    if (heap.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= heap.length) break;
        const r = l + 1;
        const child =
          r < heap.length && before(heap[r] as MarketEvent, heap[l] as MarketEvent) ? r : l;
        if (!before(heap[child] as MarketEvent, last)) break;
        heap[i] = heap[child] as MarketEvent;
        i = child;
      }
      heap[i] = last;
    }
    return top;
  }
}

const before = (a: MarketEvent, b: MarketEvent): boolean =>
  a.at < b.at || (a.at === b.at && a.seq < b.seq);
