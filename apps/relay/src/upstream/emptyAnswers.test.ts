import { describe, expect, it } from 'vitest';
import { emptyAnswers } from './emptyAnswers.js';
import { UpstreamError } from './http.js';

/** A clock the test moves, and a log that keeps its lines. */
function harness() {
  const clock = { ms: 0 };
  const lines: { level: string; fields: unknown; msg: unknown }[] = [];
  const at = (level: string) => (fields: unknown, msg?: unknown) => {
    lines.push({ level, fields, msg });
  };
  const emptyOn = emptyAnswers({
    log: { info: at('info'), warn: at('warn') },
    now: () => clock.ms,
  });
  return { clock, lines, emptyOn };
}

const answering = (status: number) => () =>
  Promise.reject(new UpstreamError('status', `answered ${status}`, status));

describe('empty answers and their lines', () => {
  it('logs a call that keeps answering 404 at once, then once a minute with the count held back, not every poll cycle', async () => {
    const { clock, lines, emptyOn } = harness();
    // Two minutes of polls every 3 s.
    for (clock.ms = 0; clock.ms <= 120_000; clock.ms += 3_000) {
      expect(await emptyOn('marketplaces', [404], [], answering(404))).toEqual([]);
    }
    expect(lines).toEqual([
      {
        level: 'info',
        fields: { call: 'marketplaces', status: 404, suppressed: 0 },
        msg: 'Not Found',
      },
      {
        level: 'info',
        fields: { call: 'marketplaces', status: 404, suppressed: 19 },
        msg: 'Not Found',
      },
      {
        level: 'info',
        fields: { call: 'marketplaces', status: 404, suppressed: 19 },
        msg: 'Not Found',
      },
    ]);
  });

  it('logs each call and status apart, 401 as Not Authorized at warn', async () => {
    const { lines, emptyOn } = harness();
    await emptyOn('consoleUser', [401, 404], null, answering(401));
    await emptyOn('consoleUser', [401, 404], null, answering(404));
    await emptyOn('naicsCodes', [404], [], answering(404));
    await emptyOn('consoleUser', [401, 404], null, answering(401));
    expect(lines).toEqual([
      {
        level: 'warn',
        fields: { call: 'consoleUser', status: 401, suppressed: 0 },
        msg: 'Not Authorized',
      },
      {
        level: 'info',
        fields: { call: 'consoleUser', status: 404, suppressed: 0 },
        msg: 'Not Found',
      },
      {
        level: 'info',
        fields: { call: 'naicsCodes', status: 404, suppressed: 0 },
        msg: 'Not Found',
      },
    ]);
  });

  it('answers what the call answers, rethrows other statuses and failures, and logs nothing for them', async () => {
    const { lines, emptyOn } = harness();
    expect(await emptyOn('sources', [404], [], () => Promise.resolve(['a']))).toEqual(['a']);
    await expect(emptyOn('sources', [404], [], answering(401))).rejects.toMatchObject({
      status: 401,
    });
    await expect(emptyOn('sources', [404], [], answering(500))).rejects.toMatchObject({
      status: 500,
    });
    const timeout = new UpstreamError('timeout', 'no answer');
    await expect(emptyOn('sources', [404], [], () => Promise.reject(timeout))).rejects.toBe(
      timeout,
    );
    const bug = new TypeError('not an upstream failure');
    await expect(emptyOn('sources', [404], [], () => Promise.reject(bug))).rejects.toBe(bug);
    expect(lines).toEqual([]);
  });
});
