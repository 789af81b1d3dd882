import { describe, expect, it } from 'vitest';
import {
  pipelineIdsQuerySchema,
  progressFilterSchema,
  returnsQuerySchema,
} from '../pipeline/index.js';
import * as yup from 'yup';
import { pagedQueryFields, parseQuery } from './querySchema.js';

const paged = yup.object(pagedQueryFields(5));

describe('URL query schemas', () => {
  it('gives a screen the first page of its size when nothing is asked', () => {
    expect(parseQuery(paged, {})).toEqual({ ok: true, value: { page: 1, size: 5 } });
    expect(parseQuery(paged, { page: '', size: '' })).toMatchObject({
      value: { page: 1, size: 5 },
    });
  });

  it.each([
    [{ page: '0' }, 'page must be a whole number from 1 to 1000000'],
    [{ page: '1.5' }, 'page must be a whole number from 1 to 1000000'],
    [{ page: '+2' }, 'page must be a whole number from 1 to 1000000'],
    [{ size: '101' }, 'size must be a whole number from 1 to 100'],
    [{ page: ['1', '2'] }, 'page must be given once'],
    [{ size: { a: '1' } }, 'size must be given once'],
  ])('refuses %o with a reason', (params, error) => {
    expect(parseQuery(paged, params)).toEqual({ ok: false, errors: [error] });
  });

  it('reads the returns query, and reports every problem of it at once', () => {
    expect(parseQuery(returnsQuerySchema, { state: 'approved', page: '2' })).toEqual({
      ok: true,
      value: { state: 'approved', page: 2, size: 25 },
    });
    expect(parseQuery(returnsQuerySchema, { state: 'lost', size: '0' })).toEqual({
      ok: false,
      errors: [
        'state must be one of requested, approved, denied',
        'size must be a whole number from 1 to 100',
      ],
    });
  });
});

describe('the progress filter of the acquired lists', () => {
  it.each([
    [{ progress: 'Open,Quote Sent', followUpDue: '2026-11-23' }, true],
    [{ progress: 'Open,Lost' }, 'progress must list statuses of'],
    [{ followUpDue: '23/11/2026' }, 'followUpDue must be a day (YYYY-MM-DD)'],
    [{ followUpDue: ['2026-11-23', '2026-11-24'] }, 'followUpDue must be given once'],
  ])('reads %o', (params, expected) => {
    const parsed = parseQuery(progressFilterSchema, params);
    if (expected === true) expect(parsed.ok).toBe(true);
    else expect(parsed.ok ? [] : parsed.errors.join()).toContain(expected);
  });
});

describe('the bulk pipeline read', () => {
  it.each([
    [{}, true],
    [{ ids: '1,22,333' }, true],
    [{ ids: Array.from({ length: 101 }, (_, i) => i + 1).join(',') }, false],
    [{ ids: '1,,2' }, false],
    [{ ids: '1,x' }, false],
    [{ ids: ['1', '2'] }, false],
  ])('reads %o: %s', (params, ok) => {
    expect(parseQuery(pipelineIdsQuerySchema, params).ok).toBe(ok);
  });
});
