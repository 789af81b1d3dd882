import { describe, expect, expectTypeOf, it } from 'vitest';
import type { StateCode } from '../domain/states.js';
import { deriveAccess } from '../referrals/access.js';
import { Role } from '../domain/roles.js';
import { audienceOf } from './projections.js';
import { parseTopic } from './schemas.js';
import type { TopicItems, TopicKind } from './topicItems.js';
import { deliveryOf, TOPIC_KINDS, TOPICS, topicItemId } from './topicRegistry.js';
import type { Topic } from './topics.js';

describe('the topic registry', () => {
  it('lists every topic kind once, in the registry order', () => {
    expect(TOPIC_KINDS).toEqual(Object.keys(TOPICS));
    expect(new Set(TOPIC_KINDS).size).toBe(14);
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

describe('the topics derived from the registry', () => {
  it('has the kinds of the registry and of the item types, no more and no fewer', () => {
    expectTypeOf<TopicKind>().toEqualTypeOf<keyof typeof TOPICS>();
    expectTypeOf<TopicKind>().toEqualTypeOf<keyof TopicItems>();
  });

  it('names a state exactly in the topics whose entry is by state', () => {
    expectTypeOf<Extract<Topic, { kind: 'inAppetite' }>>().toEqualTypeOf<{
      readonly kind: 'inAppetite';
      readonly state: StateCode | null;
    }>();
    expectTypeOf<Extract<Topic, { kind: 'acquired' }>>().toEqualTypeOf<{
      readonly kind: 'acquired';
    }>();
    // What a client may send follows the same entries.
    for (const kind of TOPIC_KINDS) {
      expect(parseTopic({ kind, state: null }).ok, kind).toBe(TOPICS[kind].byState);
      expect(parseTopic({ kind }).ok, kind).toBe(!TOPICS[kind].byState);
    }
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
