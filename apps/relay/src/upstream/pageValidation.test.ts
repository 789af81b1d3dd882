import { opportunitySchema } from '@referrals/shared';
import { describe, expect, it } from 'vitest';
import { UpstreamError } from './http.js';
import { rawPage, validateRecords } from './pageValidation.js';

const raw = (id: number, city: string) => ({
  opportunityId: id,
  opportunityType: 'CIR',
  marketplaceStatus: 'Available',
  addDate: '2026-11-21T10:00:00Z',
  city,
  notAField: 'dropped',
});
const page = (rows: object[]) => ({
  content: rows,
  totalElements: rows.length,
  numberOfElements: rows.length,
});

describe('upstream page validation', () => {
  it('checks the envelope and leaves the records as they came', () => {
    const p = rawPage(page([raw(1, 'Austin')]), 'test');
    expect(p.totalElements).toBe(1);
    expect(p.content[0]).toMatchObject({ notAField: 'dropped' });
    expect(() => rawPage({ content: 'nope', totalElements: 1 }, 'test')).toThrow(UpstreamError);
    expect(() => rawPage({ content: [], totalElements: -1, numberOfElements: 0 }, 'test')).toThrow(
      /invalid answer from test/,
    );
  });

  it('validates records in order, dropping unknown fields', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => raw(i + 1, `City ${i}`));
    const valid = await validateRecords(rows, opportunitySchema, 'test');
    expect(valid.map((r) => r.opportunityId)).toEqual(rows.map((r) => r.opportunityId));
    expect(valid[0]).not.toHaveProperty('notAField');
  });

  it('refuses records with one bad record, naming the call', async () => {
    await expect(
      validateRecords(
        [raw(1, 'Austin'), { opportunityId: 2, opportunityType: 'NOPE' }],
        opportunitySchema,
        'GET /x',
      ),
    ).rejects.toThrow(/invalid answer from GET \/x/);
  });
});
