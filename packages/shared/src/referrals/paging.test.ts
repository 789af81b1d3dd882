import { describe, expect, it } from 'vitest';
import { canMovePage, movePage, pagingFooterText } from './paging.js';

const w = (firstIndex: number, totalEntries: number, pageSize = 25) => ({
  firstIndex,
  pageSize,
  totalEntries,
});

describe('agent-console §2 paging', () => {
  it.each([
    ['next from the first page', w(0, 200), 'next', 25],
    ['next onto a partial last page', w(175, 180), 'next', null],
    ['next to the last full page', w(150, 200), 'next', 175],
    ['next past the end', w(175, 200), 'next', null],
    ['previous from the second page', w(25, 200), 'previous', 0],
    ['previous from the first page', w(0, 200), 'previous', null],
    ['next with no entries', w(0, 0), 'next', null],
  ] as const)('%s gives first index %j', (_name, win, move, first) => {
    expect(movePage(win, move)).toBe(first);
    expect(canMovePage(win, move)).toBe(first !== null);
  });

  it.each([
    [w(0, 200), 'Showing 1 to 25 of 200 Referrals'],
    [w(175, 180), 'Showing 176 to 180 of 180 Referrals'],
    [w(0, 3), 'Showing 1 to 3 of 3 Referrals'],
    [w(0, 0), 'Showing 0 to 0 of 0 Referrals'],
  ])('footer of %j reads %j', (win, text) => {
    expect(pagingFooterText(win)).toBe(text);
  });
});
