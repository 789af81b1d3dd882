/**
 * List answers shared by every reader who asks the same thing at the same seq: many agents open
 * the same first page of the same view at once, and it is cut by the host, serialized and
 * compressed once for all of them; the event loop only copies its bytes.
 *
 * Invariant: an answer is shared only while the list indexes hold the seq they held when it was
 * made, and for at most SHARE_MS after (a referral crossing a date window's edge shows that much
 * later at the most, as a page that took that long to travel would); the key names everything
 * the answer depends on (route, projection, scope, query), so two readers share an answer only
 * when a fresh one would be the same bytes.
 */
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { TurnGate } from '../../lib/turnGate.js';

const gzip = promisify(gzipCallback);

/** How long after it was made an answer is shared, at the most, while the lists' seq holds. */
export const SHARE_MS = 1000;
/** Answers held at the most; the oldest goes first. */
export const SHARED_ANSWERS = 500;
/** Answers smaller than this are sent as they are: compressing them saves nothing worth it. */
export const GZIP_MIN_BYTES = 1024;

/**
 * Readers of shared answers that go on to send theirs in one turn of the event loop, at the
 * most: a first page shared by thousands of agents at once (a reconnect storm) is sent to them
 * in turns, with sockets and other requests served between.
 */
export const READERS_PER_TURN = 50;
const readersGate = new TurnGate(READERS_PER_TURN);

/** An answer as it is sent: its JSON bytes, and those bytes gzipped when asked. */
export interface SharedAnswer {
  readonly body: Buffer;
  gzipped(): Promise<Buffer>;
}

interface Held {
  readonly madeAt: number;
  readonly answer: Promise<SharedAnswer>;
  /** Readers waiting for it; when every one has gone, the work for them stops. */
  readers: number;
  readonly stop: AbortController;
}

function sharedAnswer(body: Buffer): SharedAnswer {
  let zipped: Promise<Buffer> | undefined;
  return {
    body,
    gzipped: () => (zipped ??= gzip(body)),
  };
}

/** The answers of one kind of list route, shared by key at the lists' current seq. */
export class SharedPages {
  private seq = -1;
  private readonly held = new Map<string, Held>();

  constructor(
    /** The seq of the list indexes as last told. */
    private readonly seqNow: () => number,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /**
   * The answer of `key`: one made for another reader at this seq within SHARE_MS, else made now
   * by `make` (which is handed a signal that aborts once every reader waiting for it has gone).
   */
  async answer(
    key: string,
    make: (signal: AbortSignal) => Promise<string>,
    signal?: AbortSignal,
  ): Promise<SharedAnswer> {
    const held = this.current(key) ?? this.start(key, make);
    held.readers += 1;
    const leave = () => {
      held.readers -= 1;
      if (held.readers === 0) held.stop.abort(new Error('every reader of the page went away'));
    };
    signal?.addEventListener('abort', leave, { once: true });
    try {
      const answer = await held.answer;
      const turn = readersGate.pass();
      if (turn) await turn;
      return answer;
    } finally {
      signal?.removeEventListener('abort', leave);
      if (!signal?.aborted) held.readers -= 1;
    }
  }

  /** Answers held now (for tests and metrics). */
  get size(): number {
    return this.held.size;
  }

  private current(key: string): Held | undefined {
    const seq = this.seqNow();
    if (seq !== this.seq) {
      this.held.clear();
      this.seq = seq;
      return undefined;
    }
    const held = this.held.get(key);
    if (!held) return undefined;
    if (this.clock() - held.madeAt <= SHARE_MS && !held.stop.signal.aborted) return held;
    this.held.delete(key);
    return undefined;
  }

  private start(key: string, make: (signal: AbortSignal) => Promise<string>): Held {
    const stop = new AbortController();
    const held: Held = {
      madeAt: this.clock(),
      readers: 0,
      stop,
      answer: make(stop.signal).then((json) => sharedAnswer(Buffer.from(json))),
    };
    // A failed answer is not shared: the next reader asks again.
    held.answer.catch(() => {
      if (this.held.get(key) === held) this.held.delete(key);
    });
    if (this.held.size >= SHARED_ANSWERS) {
      const oldest = this.held.keys().next();
      if (!oldest.done) this.held.delete(oldest.value);
    }
    this.held.set(key, held);
    return held;
  }
}
