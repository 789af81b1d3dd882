import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_DEFAULT_PAGE_SIZE,
  parseAuditQuery,
} from './index.js';

describe('the audit-log query', () => {
  it('defaults to the first page of every entry', () => {
    expect(parseAuditQuery({})).toEqual({
      ok: true,
      query: {
        user: null,
        action: null,
        from: null,
        to: null,
        page: 1,
        size: AUDIT_DEFAULT_PAGE_SIZE,
      },
    });
  });

  it('reads each filter, and dates as instants', () => {
    expect(
      parseAuditQuery({
        user: 'ann',
        action: 'referral.claim',
        from: '2026-11-01',
        to: '2026-11-02T10:00:00+02:00',
        page: '3',
        size: '100',
      }),
    ).toEqual({
      ok: true,
      query: {
        user: 'ann',
        action: 'referral.claim',
        from: '2026-11-01T00:00:00.000Z',
        to: '2026-11-02T08:00:00.000Z',
        page: 3,
        size: 100,
      },
    });
  });

  it('reports every problem at once', () => {
    expect(
      parseAuditQuery({
        user: ['a', 'b'],
        action: 'drop',
        from: 'tomorrow',
        page: '0',
        size: '101',
      }),
    ).toEqual({
      ok: false,
      errors: [
        'user must be given once',
        `action must be one of ${AUDIT_ACTIONS.join(', ')}`,
        'from must be an ISO date or date-time',
        'page must be a whole number from 1 to 1000000',
        'size must be a whole number from 1 to 100',
      ],
    });
    expect(parseAuditQuery({ from: '2026-11-02', to: '2026-11-01' })).toEqual({
      ok: false,
      errors: ['from must be before to'],
    });
    expect(parseAuditQuery({ user: 'x'.repeat(201) })).toMatchObject({ ok: false });
  });

  it('has words for every action', () => {
    for (const a of AUDIT_ACTIONS) expect(AUDIT_ACTION_LABELS[a]).toMatch(/\w/);
  });
});
