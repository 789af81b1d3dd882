import type { Opportunity } from '@referrals/shared';
import { describe, expect, it, vi } from 'vitest';
import { SortedViews } from './referralQuery.js';

const list = (...ids: number[]) => ids.map((opportunityId) => ({ opportunityId }) as Opportunity);

describe('sorted views kept between pages', () => {
  it('computes a list once per query while the version holds, and again after a write', () => {
    const views = new SortedViews();
    const compute = vi.fn(() => list(1, 2));
    expect(views.get('a', '1', compute)).toEqual(list(1, 2));
    views.get('a', '1', compute);
    expect(compute).toHaveBeenCalledTimes(1);
    views.get('a', '2', compute);
    expect(compute).toHaveBeenCalledTimes(2);
    // Another query is its own list.
    const other = vi.fn(() => list(3));
    expect(views.get('b', '2', other)).toEqual(list(3));
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('holds at most `max` queries, dropping the oldest', () => {
    const views = new SortedViews(2);
    const a = vi.fn(() => list(1));
    views.get('a', '1', a);
    views.get('b', '1', () => list(2));
    views.get('c', '1', () => list(3));
    views.get('a', '1', a);
    expect(a).toHaveBeenCalledTimes(2);
  });
});
