import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMetrics } from './metrics.js';
import {
  BACKOFF,
  backoffMs,
  circuitStates,
  UPSTREAM_POLICY,
  upstreamPolicies,
} from './resilience.js';
import { UpstreamError } from './upstream/errors.js';

describe('backoff', () => {
  it('doubles from the first pause up to the cap, each pause between half and all of its step', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(BACKOFF)),
        fc.integer({ min: 0, max: 40 }),
        (bounds, attempt) => {
          const step = Math.min(bounds.capMs, bounds.firstMs * 2 ** attempt);
          const pause = backoffMs(attempt, bounds);
          expect(pause).toBeGreaterThanOrEqual(Math.floor(step / 2));
          expect(pause).toBeLessThanOrEqual(step);
        },
      ),
    );
  });

  it('keeps each place within its bounds: never longer than its cap, at first no longer than its first pause', () => {
    for (const bounds of Object.values(BACKOFF)) {
      expect(backoffMs(0, bounds)).toBeLessThanOrEqual(bounds.firstMs);
      expect(backoffMs(100, bounds)).toBeLessThanOrEqual(bounds.capMs);
    }
  });
});

describe('the upstream circuit', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  // The policies' clocks only: the metrics' default collectors wait on real immediates.
  const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });

  const outage = () => Promise.reject(new UpstreamError('network', 'unreachable: refused'));
  const answer = () => Promise.resolve('ok');

  it('is logged once when it opens and once when it closes, not per refused call, and shows in the metrics', async () => {
    fakeClock();
    const lines: { level: string; msg: string }[] = [];
    const log = {
      warn: (_o: object, msg: string) => lines.push({ level: 'warn', msg }),
      info: (_o: object, msg: string) => lines.push({ level: 'info', msg }),
      debug: (_o: object, msg: string) => lines.push({ level: 'debug', msg }),
    } as unknown as Parameters<typeof upstreamPolicies>[0]['log'];
    const timeoutMs = 500;
    const run = upstreamPolicies({ timeoutMs, log });
    const service = 'http://circuit.test';
    const gauge = async () => {
      const text = await createMetrics().registry.metrics();
      return new RegExp(`relay_upstream_circuit_open{service="${service}"} (\\d)`).exec(text)?.[1];
    };

    for (let i = 0; i < UPSTREAM_POLICY.breakAfter; i += 1)
      await expect(run(service, 'user', outage)).rejects.toMatchObject({ kind: 'network' });
    expect(circuitStates().get(service)).toBe(true);
    expect(await gauge()).toBe('1');
    for (let i = 0; i < 10; i += 1)
      await expect(run(service, 'user', answer)).rejects.toMatchObject({ kind: 'circuitOpen' });
    // A failed trial reopens it quietly: the same outage.
    await vi.advanceTimersByTimeAsync(timeoutMs);
    await expect(run(service, 'user', outage)).rejects.toMatchObject({ kind: 'network' });
    await expect(run(service, 'user', answer)).rejects.toMatchObject({ kind: 'circuitOpen' });
    await vi.advanceTimersByTimeAsync(timeoutMs);
    expect(await run(service, 'user', answer)).toBe('ok');
    expect(circuitStates().get(service)).toBe(false);
    expect(await gauge()).toBe('0');

    expect(lines.filter((l) => l.level !== 'debug')).toEqual([
      { level: 'warn', msg: expect.stringContaining('circuit open') as string },
      { level: 'info', msg: expect.stringContaining('circuit closed') as string },
    ]);
  });

  it("answers a user's read waiting behind a trial call that hangs no later than the trial's time-out", async () => {
    fakeClock();
    const timeoutMs = 500;
    const run = upstreamPolicies({ timeoutMs, log: { warn() {}, info() {}, debug() {} } });
    const service = 'http://trial.test';
    for (let i = 0; i < UPSTREAM_POLICY.breakAfter; i += 1)
      await expect(run(service, 'user', outage)).rejects.toMatchObject({ kind: 'network' });
    await vi.advanceTimersByTimeAsync(timeoutMs);
    // The trial: a read that never answers (its deadline ends it, and reopens the circuit).
    const outcomes: Record<string, string> = {};
    const track = (name: string, call: Promise<string>) =>
      void call.then(
        (v) => (outcomes[name] = v),
        (err: UpstreamError) => (outcomes[name] = err.kind),
      );
    track(
      'trial',
      run(service, 'user', () => new Promise<string>(() => undefined)),
    );
    await vi.advanceTimersByTimeAsync(timeoutMs / 2);
    track('waiting', run(service, 'user', answer));
    await vi.advanceTimersByTimeAsync(timeoutMs / 2 - 1);
    expect(outcomes).toEqual({});
    await vi.advanceTimersByTimeAsync(1);
    expect(outcomes).toEqual({ trial: 'timeout', waiting: 'circuitOpen' });
  });
});
