import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UpstreamError } from '../upstream/errors.js';

const lines = vi.hoisted(() => ({ info: [] as unknown[][], warn: [] as unknown[][] }));
vi.mock('../log.js', () => ({
  logger: () => ({
    info: (...args: unknown[]) => lines.info.push(args),
    warn: (...args: unknown[]) => lines.warn.push(args),
    debug: () => undefined,
  }),
}));

const { upstreamFailure } = await import('./api.js');

const refused = (status: number, error: string) =>
  new UpstreamError('status', `POST /claim answered ${status}`, status, { status, error });

describe('an upstream failure as the gateway answers and logs it', () => {
  beforeEach(() => {
    lines.info.length = 0;
    lines.warn.length = 0;
  });

  it("passes a refusal on with the upstream's reason and logs it as information, without a stack", () => {
    const answer = upstreamFailure(refused(409, 'Referral 12 is Claimed, not Available.'), 'claim');
    expect(answer).toEqual({
      status: 409,
      body: { error: 'Referral 12 is Claimed, not Available.' },
    });
    expect(lines.warn).toEqual([]);
    expect(lines.info).toEqual([
      [
        { what: 'claim', status: 409, reason: 'Referral 12 is Claimed, not Available.' },
        'upstream refused',
      ],
    ]);
  });

  it('warns, with the error, when the upstream fails or refuses the relay itself', () => {
    const failures = [
      new UpstreamError('status', 'GET /geo answered 503', 503, {}),
      new UpstreamError('status', 'GET /x answered 401', 401, {}),
      new UpstreamError('status', 'GET /x answered 429', 429, {}, 2000),
      new UpstreamError('timeout', 'GET /x timed out'),
    ];
    const statuses = failures.map((err) => upstreamFailure(err, 'read').status);
    expect(statuses).toEqual([502, 502, 503, 504]);
    expect(lines.info).toEqual([]);
    expect(lines.warn.map(([fields]) => (fields as { err: unknown }).err)).toEqual(failures);
  });
});
