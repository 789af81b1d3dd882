import { opportunitySchema } from '@referrals/shared';
import { describe, expect, it, vi } from 'vitest';
import { UpstreamError } from './http.js';
import { validatePage, ValidationMemo } from './pageValidation.js';

const raw = (id: number, city: string) => ({
  opportunityId: id,
  opportunityType: 'CIR',
  marketplaceStatus: 'Available',
  addDate: '2026-11-21T10:00:00Z',
  city,
});
const page = (rows: object[]) => ({
  content: rows,
  totalElements: rows.length,
  numberOfElements: rows.length,
});

describe('validation memo across poll cycles', () => {
  it('validates a record again only when its raw JSON changed', () => {
    const memo = new ValidationMemo<{ id: number }>((r) => r.id);
    const check = vi.fn((r: unknown) => ({ ...(r as { id: number }) }));
    memo.startCycle();
    memo.validate({ id: 1, v: 'a' }, check);
    memo.validate({ id: 2, v: 'a' }, check);
    memo.startCycle();
    const same = memo.validate({ id: 1, v: 'a' }, check);
    memo.validate({ id: 2, v: 'b' }, check);
    expect(check).toHaveBeenCalledTimes(3);
    expect(same).toEqual({ id: 1, v: 'a' });
  });

  it('forgets records a cycle did not see', () => {
    const memo = new ValidationMemo<{ id: number }>((r) => r.id);
    const check = vi.fn((r: unknown) => r as { id: number });
    memo.startCycle();
    memo.validate({ id: 1 }, check);
    memo.startCycle();
    memo.startCycle();
    memo.validate({ id: 1 }, check);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('holds one cycle of records between cycles, not two', () => {
    const memo = new ValidationMemo<{ id: number }>((r) => r.id);
    const check = vi.fn((r: unknown) => r as { id: number });
    memo.startCycle();
    memo.validate({ id: 1 }, check);
    memo.validate({ id: 2 }, check);
    memo.endCycle();
    memo.startCycle();
    memo.validate({ id: 3 }, check);
    expect(memo.size).toBe(3);
    memo.endCycle();
    expect(memo.size).toBe(1);
    memo.startCycle();
    memo.validate({ id: 3 }, check);
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('gives the same page as validating afresh, and still refuses a bad record', async () => {
    const memo = new ValidationMemo<ReturnType<typeof opportunitySchema.validateSync>>(
      (r) => r.opportunityId,
    );
    memo.startCycle();
    const first = await validatePage(
      page([raw(1, 'Austin'), raw(2, 'Waco')]),
      opportunitySchema,
      'test',
      memo,
    );
    memo.startCycle();
    const second = await validatePage(
      page([raw(1, 'Austin'), raw(2, 'Tyler')]),
      opportunitySchema,
      'test',
      memo,
    );
    const fresh = await validatePage(
      page([raw(1, 'Austin'), raw(2, 'Tyler')]),
      opportunitySchema,
      'test',
    );
    expect(JSON.stringify(second.content)).toBe(JSON.stringify(fresh.content));
    expect(second.content[0]).toBe(first.content[0]);
    memo.startCycle();
    await expect(
      validatePage(
        page([raw(1, 'Austin'), { opportunityId: 2, opportunityType: 'NOPE' }]),
        opportunitySchema,
        'test',
        memo,
      ),
    ).rejects.toBeInstanceOf(UpstreamError);
  });
});
