/**
 * Tests of the small sources: the delivery errors are read whole up to their bound, as one record
 * that stays the same object while the upstream's answer does.
 */
import type { DeliveryError } from '@referrals/shared';
import { describe, expect, it } from 'vitest';
import type { UpstreamClient } from '../upstream/client.js';
import { DELIVERY_ERRORS_KEPT, pollSources } from './sources.js';

/** An upstream with `total` delivery errors, served in pages as the service does. */
function upstreamWith(total: number) {
  const asked: number[] = [];
  const errors: DeliveryError[] = Array.from({ length: total }, (_, i) => ({
    opportunityId: i + 1,
    errorMarketplaceName: 'M',
    errorNotes: `error ${i + 1}`,
    errorDate: '2026-11-20T10:00:00Z',
    currentMarketplaceName: null,
    currentMarketplaceStatus: null,
  }));
  const upstream = {
    deliveryErrors: (page: number, size: number) => {
      asked.push(page);
      return Promise.resolve({
        content: errors.slice(page * size, (page + 1) * size),
        totalElements: total,
        totalPages: Math.ceil(total / size),
      });
    },
  } as unknown as UpstreamClient;
  return { upstream, asked };
}

const deliveryErrors = async (upstream: UpstreamClient) => {
  const source = pollSources(upstream).find((s) => s.stream === 'deliveryErrors')!;
  const [item] = (await source.fetch(new Date())) as {
    content: DeliveryError[];
    totalElements: number;
  }[];
  return item!;
};

describe('the delivery errors source', () => {
  it('reads every page, so every page the screen offers has rows', async () => {
    const { upstream, asked } = upstreamWith(2345);
    const item = await deliveryErrors(upstream);
    expect(item.totalElements).toBe(2345);
    expect(item.content).toHaveLength(2345);
    expect(item.content.at(-1)?.errorNotes).toBe('error 2345');
    expect([...asked].sort((a, b) => a - b)).toEqual([0, 1, 2]);
  });

  it('keeps at most its bound and then says the total is what it kept', async () => {
    const { upstream } = upstreamWith(DELIVERY_ERRORS_KEPT + 1500);
    const item = await deliveryErrors(upstream);
    expect(item.content).toHaveLength(DELIVERY_ERRORS_KEPT);
    expect(item.totalElements).toBe(DELIVERY_ERRORS_KEPT);
  });

  it('reads one page when there are none', async () => {
    const { upstream, asked } = upstreamWith(0);
    expect(await deliveryErrors(upstream)).toMatchObject({ content: [], totalElements: 0 });
    expect(asked).toEqual([0]);
  });

  it('hands over the same record while every page read is the same answer, a new one after a change', async () => {
    // Pages as the client hands them back: the same object for an unchanged answer.
    const pages = new Map<number, object>();
    let version = 1;
    const upstream = {
      deliveryErrors: (page: number) => {
        const key = page * 100 + version;
        if (!pages.has(key)) {
          pages.set(key, {
            content: [{ opportunityId: page + 1, errorNotes: `v${version}` }],
            totalElements: 1500,
            totalPages: 2,
          });
        }
        return Promise.resolve(pages.get(key));
      },
    } as unknown as UpstreamClient;
    const source = pollSources(upstream).find((s) => s.stream === 'deliveryErrors')!;
    const [first] = await source.fetch(new Date());
    const [again] = await source.fetch(new Date());
    expect(again).toBe(first);
    version = 2;
    const [changed] = await source.fetch(new Date());
    expect(changed).not.toBe(first);
    expect(changed).toMatchObject({ content: [{ errorNotes: 'v2' }, { errorNotes: 'v2' }] });
  });
});
