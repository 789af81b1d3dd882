import { describe, expect, it } from 'vitest';
import { createUpstreamClient, referralPageRequest } from './client.js';
import { UpstreamError } from './http.js';

/** A client whose every call is answered with `body` (JSON). */
const answering = (body: unknown) =>
  createUpstreamClient(
    {
      opportunityUrl: 'http://up.invalid',
      agencyUserUrl: 'http://up.invalid',
      geoUrl: 'http://up.invalid',
    },
    {
      basicUser: 'test',
      timeoutMs: 1000,
      fetchImpl: () => Promise.resolve(new Response(JSON.stringify(body), { status: 200 })),
    },
  );

const error = (opportunityId: unknown) => ({
  opportunityId,
  errorMarketplaceName: 'Acme',
  errorNotes: 'timeout',
  errorDate: '11/20/2026',
  currentMarketplaceName: 'Acme',
  currentMarketplaceStatus: 'Active',
  extra: 'dropped',
});

describe('upstream client: the lists the poll reads every cycle', () => {
  it('validates each record of a delivery-errors page, dropping unknown fields', async () => {
    const page = await answering({
      content: [error(7), error(8)],
      totalElements: 2,
      totalPages: 1,
    }).deliveryErrors(0, 1000);
    expect(page.totalElements).toBe(2);
    expect(page.content.map((e) => e.opportunityId)).toEqual([7, 8]);
    expect(page.content[0]).not.toHaveProperty('extra');
  });

  it('rejects a page with an invalid record, or a list that is not one, as invalid', async () => {
    const bad = answering({ content: [error(7), error('x')], totalElements: 2, totalPages: 1 });
    const err = await bad.deliveryErrors(0, 1000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ kind: 'invalid' });
    expect(String((err as Error).message)).toContain('GET /api/v3/marketplaces/delivery-errors');
    await expect(answering({ nope: true }).featureFlags()).rejects.toMatchObject({
      kind: 'invalid',
      message: 'invalid answer from GET /api/v3/feature-flag: not a list',
    });
    await expect(answering([{ id: 'x' }]).deliveryStats()).rejects.toMatchObject({
      kind: 'invalid',
    });
  });

  it('answers the same body again with what it made of it, and reads a changed or invalid one anew', async () => {
    let body: unknown = { content: [error(7)], totalElements: 1, totalPages: 1 };
    let reads = 0;
    const client = createUpstreamClient(
      {
        opportunityUrl: 'http://up.invalid',
        agencyUserUrl: 'http://up.invalid',
        geoUrl: 'http://up.invalid',
      },
      {
        basicUser: 'test',
        timeoutMs: 1000,
        fetchImpl: () => {
          reads += 1;
          return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
        },
      },
    );
    const first = await client.deliveryErrors(0, 1000);
    // Read again (the upstream is asked every time), the same answer is the same object.
    expect(await client.deliveryErrors(0, 1000)).toBe(first);
    expect(reads).toBe(2);
    // Another page is another read.
    const other = await client.deliveryErrors(1, 1000);
    expect(other).not.toBe(first);
    expect(other).toEqual(first);
    body = { content: [error(7), error(9)], totalElements: 2, totalPages: 1 };
    const changed = await client.deliveryErrors(0, 1000);
    expect(changed.content.map((e) => e.opportunityId)).toEqual([7, 9]);
    expect(await client.deliveryErrors(0, 1000)).toBe(changed);
    // An invalid answer fails every time it comes, never answered from the last valid one.
    body = { content: [error('x')], totalElements: 1, totalPages: 1 };
    for (let i = 0; i < 2; i += 1) {
      await expect(client.deliveryErrors(0, 1000)).rejects.toMatchObject({ kind: 'invalid' });
    }
    body = [{ id: 1, name: 'flag', enabled: true }];
    const flags = await client.featureFlags();
    expect(await client.featureFlags()).toBe(flags);
    body = [{ id: 1, name: 'flag', enabled: false }];
    expect(await client.featureFlags()).not.toBe(flags);
  });
});

describe('upstream client: the referral page request', () => {
  it('asks for its size with a sort, and for the forced 20 without one (spec section 7)', () => {
    const q = { page: 2, size: 1000, startDate: '12/01/2026' };
    expect(
      referralPageRequest('http://up.invalid', { ...q, sort: ['addDate,desc'] }).query,
    ).toEqual({ page: 2, size: 1000, sort: ['addDate,desc'], startDate: '12/01/2026' });
    expect(referralPageRequest('http://up.invalid', { ...q, sort: [] }).query.size).toBe(20);
  });
});
