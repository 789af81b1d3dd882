/**
 * The reads that may answer empty (a 404, a 401) and the lines they are logged as. Invariant: a
 * call and status writes at most one line a window, with the count held back since.
 */
import type { Logger } from 'pino';
import { UpstreamError } from './http.js';

/** The statuses a read may take as an empty result, and the line each is logged as (section 8). */
const LINES = { 401: 'Not Authorized', 404: 'Not Found' } as const;
/** A status a read may take as an empty result. */
export type EmptyStatus = keyof typeof LINES;

/** Where the lines go and when they are: the relay's upstream logger and clock, or a test's. */
export interface EmptyAnswerOptions {
  readonly log: Pick<Logger, 'info' | 'warn'>;
  readonly now?: () => number;
  /** Least time between two lines of one call and status. */
  readonly windowMs?: number;
}

/**
 * `emptyOn(call, codes, empty, read)`: what `read` answers, or `empty` when the service answers
 * one of `codes`, logged as 'Not Found' or 'Not Authorized' with the call's name and status.
 * The poll reads every 3 s, so a service that keeps answering 404 would write a line a cycle: a
 * call and status is logged the first time, then at most once a window, with the count held back
 * since (`suppressed`). That count comes with the next line, so none comes once the answers stop.
 * Kept per call name and status, so bounded by the calls there are.
 */
export function emptyAnswers({ log, now = Date.now, windowMs = 60_000 }: EmptyAnswerOptions) {
  const lastLine = new Map<string, { at: number; suppressed: number }>();

  const note = (call: string, status: EmptyStatus): void => {
    const key = `${call} ${status}`;
    const at = now();
    const last = lastLine.get(key);
    if (last !== undefined && at - last.at < windowMs) {
      last.suppressed += 1;
      return;
    }
    lastLine.set(key, { at, suppressed: 0 });
    const fields = { call, status, suppressed: last?.suppressed ?? 0 };
    // A refused credential is the relay's to fix; a missing answer is often routine (a referral
    // asked for by id after it was deleted).
    if (status === 401) log.warn(fields, LINES[status]);
    else log.info(fields, LINES[status]);
  };

  return async <T>(
    call: string,
    codes: readonly EmptyStatus[],
    empty: T,
    read: () => Promise<T>,
  ): Promise<T> => {
    try {
      return await read();
    } catch (err) {
      const status = err instanceof UpstreamError ? codes.find((c) => c === err.status) : undefined;
      if (status === undefined) throw err;
      note(call, status);
      return empty;
    }
  };
}
