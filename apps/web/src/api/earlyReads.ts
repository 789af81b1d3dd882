/** How long a read started early waits for the screen that wants it. */
const KEEP_MS = 15_000;

/**
 * Reads started at the entry, before the screen that wants them has downloaded, so the network
 * runs alongside the screen's code. The first GET of the same URL takes the answer (once); one
 * nobody took within `KEEP_MS` is dropped. Only for reads whose answer the screen checks anyway
 * (a list page carries its seq, and an older one is read again).
 */
export class EarlyReads {
  private readonly reads = new Map<string, Promise<unknown>>();

  constructor(private readonly keepMs = KEEP_MS) {}

  /** Keeps `read` for the first `take(url)`. */
  remember(url: string, read: Promise<unknown>): void {
    read.catch(() => undefined); // a failure is the taker's to see; nobody taking it is fine
    this.reads.set(url, read);
    setTimeout(() => {
      if (this.reads.get(url) === read) this.reads.delete(url);
    }, this.keepMs);
  }

  /** The read kept for `url`, at most once. */
  take(url: string): Promise<unknown> | undefined {
    const read = this.reads.get(url);
    this.reads.delete(url);
    return read;
  }
}
