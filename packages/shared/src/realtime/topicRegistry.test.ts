import { describe, expect, it } from 'vitest';
import { deriveAccess } from '../referrals/access.js';
import { Role } from '../domain/roles.js';
import { audienceOf } from './projections.js';
import { deliveryOf, TOPIC_KINDS, TOPICS, topicItemId } from './topicRegistry.js';

describe('the topic registry', () => {
  it('lists every topic kind once, in the registry order', () => {
    expect(TOPIC_KINDS).toEqual(Object.keys(TOPICS));
    expect(new Set(TOPIC_KINDS).size).toBe(13);
  });

  it('opens only the public feed, feature flags and the live status to anonymous visitors', () => {
    const open = TOPIC_KINDS.filter((k) => TOPICS[k].tier === 'public');
    expect(open).toEqual(['publicFeed', 'featureFlags', 'status']);
  });

  it('keeps marketplaces, delivery figures and the audit log for administrators', () => {
    const admin = TOPIC_KINDS.filter((k) => TOPICS[k].tier === 'admin');
    expect(admin).toEqual(['marketplaces', 'deliveryStats', 'deliveryErrors', 'auditLog']);
  });

  it('pages the referral feeds, and every agency’s purchases for admins only', () => {
    expect(deliveryOf('referrals', false)).toBe('paged');
    expect(deliveryOf('acquired', false)).toBe('complete');
    expect(deliveryOf('acquired', true)).toBe('paged');
    expect(deliveryOf('marketplaces', true)).toBe('complete');
    expect(deliveryOf('returns', true)).toBe('notice');
  });

  it('names items by the id each kind carries', () => {
    expect(topicItemId('marketplaces', { id: 12 } as never)).toBe('12');
    expect(topicItemId('deliveryStats', { marketplaceId: 4 } as never)).toBe('4');
    expect(topicItemId('pipeline', { referralId: 77 } as never)).toBe('77');
    expect(topicItemId('publicFeed', { opportunityId: 9 } as never)).toBe('9');
  });
});

describe('audienceOf', () => {
  it('ranks admin over carrier over agent, and is public without access', () => {
    const of = (...roles: Role[]) => audienceOf(deriveAccess(new Set(roles)));
    expect(of(Role.CONSOLE_ADMIN, Role.CONSOLE_CARRIER)).toBe('admin');
    expect(of(Role.CONSOLE_CARRIER, Role.CONSOLE_PRODUCER)).toBe('carrier');
    expect(of(Role.CONSOLE_AGENCY_ADMIN)).toBe('agent');
    expect(audienceOf(null)).toBe('public');
  });
});
