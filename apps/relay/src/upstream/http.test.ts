import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPSTREAM_POLICY, type UpstreamCaller } from '../resilience.js';
import { createUpstreamHttp, UpstreamError } from './http.js';

const TIMEOUT_MS = 1000;
const FIRST_PAUSE_MS = 100;

/** An answer of the fake upstream: a status with its headers, or 'hang' (never answers). */
type Answer = { status: number; headers?: Record<string, string> } | 'hang';

/**
 * An HTTP layer over a fake upstream that gives `answers` in turn (the last one again once they
 * run out), counting the calls that reached it.
 */
function upstream(...answers: Answer[]) {
  let calls = 0;
  /** When each call reached the upstream (the fake clock's ms). */
  const at: number[] = [];
  const fetchImpl = (_url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const answer = answers[Math.min(calls, answers.length - 1)] ?? 'hang';
    calls += 1;
    at.push(Date.now());
    if (answer === 'hang') {
      return new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError')));
      });
    }
    const body = answer.status < 300 ? '{"ok":true}' : '{"error":"no"}';
    return Promise.resolve(new Response(body, { status: answer.status, headers: answer.headers }));
  };
  const http = createUpstreamHttp({
    basicUser: 'test',
    timeoutMs: TIMEOUT_MS,
    backoffMs: FIRST_PAUSE_MS,
    fetchImpl,
  });
  const read = (caller: UpstreamCaller) =>
    http.send({ baseUrl: 'http://up.invalid', method: 'GET', path: '/thing', caller });
  const pauses = () => at.slice(1).map((t, i) => t - (at[i] ?? t));
  return { http, read, calls: () => calls, pauses };
}

/** The error a call failed with (it must fail). */
const failure = (p: Promise<unknown>): Promise<UpstreamError> =>
  p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (err: unknown) => err as UpstreamError,
  );

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('upstream HTTP: retries with backoff', () => {
  it("retries a poll's read after a 503 and a 502, each after a backoff pause, then answers", async () => {
    const up = upstream({ status: 503 }, { status: 502 }, { status: 200 });
    const answer = up.read('poll');
    await vi.advanceTimersByTimeAsync(4 * FIRST_PAUSE_MS);
    expect(await answer).toEqual({ ok: true });
    expect(up.calls()).toBe(3);
    // Each pause is drawn between half and all of its step; the steps double.
    const [first = 0, second = 0] = up.pauses();
    expect(first).toBeGreaterThanOrEqual(FIRST_PAUSE_MS / 2);
    expect(first).toBeLessThanOrEqual(FIRST_PAUSE_MS);
    expect(second).toBeGreaterThanOrEqual(FIRST_PAUSE_MS);
    expect(second).toBeLessThanOrEqual(2 * FIRST_PAUSE_MS);
  });

  it("gives a poll's read up after its attempts, with the last failure", async () => {
    const up = upstream({ status: 500 });
    const failed = failure(up.read('poll'));
    await vi.advanceTimersByTimeAsync(10 * FIRST_PAUSE_MS);
    expect(await failed).toMatchObject({ kind: 'status', status: 500 });
    expect(up.calls()).toBe(UPSTREAM_POLICY.pollAttempts);
  });

  it("tries a user's read and a write once", async () => {
    const up = upstream({ status: 503 });
    expect(await failure(up.read('user'))).toMatchObject({ status: 503 });
    const write = up.http.send({
      baseUrl: 'http://up.invalid',
      method: 'POST',
      path: '/w',
      body: {},
    });
    expect(await failure(write)).toMatchObject({ status: 503 });
    expect(up.calls()).toBe(2);
  });
});

describe('upstream HTTP: 429 and Retry-After', () => {
  it("waits a 429's Retry-After before a poll's next attempt", async () => {
    const up = upstream({ status: 429, headers: { 'retry-after': '2' } }, { status: 200 });
    const answer = up.read('poll');
    await vi.advanceTimersByTimeAsync(1999);
    expect(up.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer).toEqual({ ok: true });
    expect(up.pauses()).toEqual([2000]);
  });

  it('fails at once on a Retry-After past the cap, and calls that service no more until then', async () => {
    const waitS = 30;
    expect(waitS * 1000).toBeGreaterThan(UPSTREAM_POLICY.retryAfterWaitCapMs);
    const up = upstream(
      { status: 429, headers: { 'retry-after': String(waitS) } },
      { status: 200 },
    );
    const err = await failure(up.read('poll'));
    expect(err).toMatchObject({ kind: 'status', status: 429, retryAfterMs: waitS * 1000 });
    expect(up.calls()).toBe(1);
    // Meanwhile a user's read is answered 429 here, without asking the service.
    await vi.advanceTimersByTimeAsync((waitS - 1) * 1000);
    expect(await failure(up.read('user'))).toMatchObject({ status: 429 });
    expect(up.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await up.read('user')).toEqual({ ok: true });
    expect(up.calls()).toBe(2);
  });

  it('retries a 429 no more often than its attempts allow', async () => {
    const up = upstream({ status: 429, headers: { 'retry-after': '1' } });
    const failed = failure(up.read('poll'));
    await vi.advanceTimersByTimeAsync(UPSTREAM_POLICY.pollAttempts * 1000);
    expect(await failed).toMatchObject({ status: 429 });
    expect(up.calls()).toBe(UPSTREAM_POLICY.pollAttempts);
  });
});

describe('upstream HTTP: time-outs', () => {
  it("ends a user's read at the time-out, without a retry, while a poll's read tries again", async () => {
    const user = upstream('hang');
    const failed = failure(user.read('user'));
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    expect(await failed).toMatchObject({ kind: 'timeout' });
    expect(user.calls()).toBe(1);

    const poll = upstream('hang');
    const polled = failure(poll.read('poll'));
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS + FIRST_PAUSE_MS);
    expect(poll.calls()).toBe(2);
    await vi.advanceTimersByTimeAsync(2 * TIMEOUT_MS + 4 * FIRST_PAUSE_MS);
    expect(await polled).toMatchObject({ kind: 'timeout' });
    expect(poll.calls()).toBe(UPSTREAM_POLICY.pollAttempts);
  });
});

describe('upstream HTTP: the circuit breaker', () => {
  it('opens after consecutive failures, refuses calls at once without the upstream, then a trial closes it', async () => {
    const failures = Array.from({ length: UPSTREAM_POLICY.breakAfter }, () => ({ status: 500 }));
    const up = upstream(...failures, { status: 200 });
    for (let i = 0; i < failures.length; i += 1) await failure(up.read('user'));
    expect(up.calls()).toBe(UPSTREAM_POLICY.breakAfter);

    // Open: a user's read and a poll's (no retries behind it) are refused, the upstream not asked.
    const refused = await failure(up.read('user'));
    expect(refused).toBeInstanceOf(UpstreamError);
    expect(refused).toMatchObject({ kind: 'circuitOpen', retryAfterMs: TIMEOUT_MS });
    expect(await failure(up.read('poll'))).toMatchObject({ kind: 'circuitOpen' });
    expect(up.calls()).toBe(UPSTREAM_POLICY.breakAfter);

    // After a time-out's length one trial call goes through; its success closes the circuit.
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    expect(await up.read('user')).toEqual({ ok: true });
    expect(await up.read('user')).toEqual({ ok: true });
    expect(up.calls()).toBe(UPSTREAM_POLICY.breakAfter + 2);
  });

  it('does not count answers that are not outages (404, 429) toward opening', async () => {
    const up = upstream({ status: 404 });
    for (let i = 0; i < 2 * UPSTREAM_POLICY.breakAfter; i += 1) {
      expect(await failure(up.read('user'))).toMatchObject({ status: 404 });
    }
    expect(up.calls()).toBe(2 * UPSTREAM_POLICY.breakAfter);
  });
});
