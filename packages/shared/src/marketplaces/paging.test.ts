import { describe, expect, it } from 'vitest';
import { deliveryErrorsPager, NO_DELIVERY_ERRORS_TEXT } from './paging.js';

describe('marketplace-admin §4 delivery errors paging', () => {
  it.each([
    [
      'first of three pages',
      1,
      12,
      3,
      {
        pageText: 'Page 1 of 3',
        summaryText: 'Showing 1 to 5 of 12 results',
        previousDisabled: true,
        nextDisabled: false,
      },
    ],
    [
      'a middle page',
      2,
      12,
      3,
      {
        pageText: 'Page 2 of 3',
        summaryText: 'Showing 6 to 10 of 12 results',
        previousDisabled: false,
        nextDisabled: false,
      },
    ],
    [
      'the last, partial page',
      3,
      12,
      3,
      {
        pageText: 'Page 3 of 3',
        summaryText: 'Showing 11 to 12 of 12 results',
        previousDisabled: false,
        nextDisabled: true,
      },
    ],
    [
      'no results',
      1,
      0,
      0,
      {
        pageText: 'Page 1 of 1',
        summaryText: 'No results found',
        previousDisabled: true,
        nextDisabled: true,
      },
    ],
  ])('%s', (_name, page, total, pages, pager) => {
    expect(deliveryErrorsPager(page, total, pages)).toEqual(pager);
  });

  it('takes another page size', () => {
    expect(deliveryErrorsPager(2, 25, 3, 10).summaryText).toBe('Showing 11 to 20 of 25 results');
  });

  it('says so when the table is empty', () => {
    expect(NO_DELIVERY_ERRORS_TEXT).toBe('No delivery errors found');
  });
});
