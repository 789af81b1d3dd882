import { describe, expect, it } from 'vitest';
import type { Opportunity } from '../schemas/opportunity.js';
import { opportunitySchema } from '../schemas/opportunity.js';
import { projectListReferral, SECONDARY_PARTNER_LABEL } from './projections.js';
import { rooms } from './rooms.js';
import {
  MAX_TOKEN_LENGTH,
  parseResync,
  parseSubscribe,
  parseToken,
  parseTopic,
} from './schemas.js';
import { topicKey } from './topics.js';

const full: Opportunity = opportunitySchema.cast({
  opportunityId: 7,
  searchId: 's-7',
  opportunityType: 'CIR',
  marketplaceStatus: 'Claimed',
  addDate: '2026-11-20T10:00:00Z',
  firstName: 'Jane',
  lastName: 'Doe',
  phone: '5125550100',
  email: 'jane@example.com',
  businessName: 'Doe Bakery',
  address1: '1 Main St',
  postalCode: '78701',
  city: 'Austin',
  state: 'TX',
  assignedAgent: 'agent-9',
  assignedAgency: 'Lone Star',
  assignedPartner: 'Partner Co',
  agenciesNotified: 4,
  dynamicPrice: 40,
  soldPrice: 42,
});

const CONTACT = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'businessName',
  'address1',
  'postalCode',
  'assignedAgent',
];

describe('socket rooms', () => {
  it.each([
    [rooms.publicFeed(null), 'public:all'],
    [rooms.publicFeed('TX'), 'public:TX'],
    [rooms.referrals('agent', null), 'referrals:agent:all'],
    [rooms.referrals('admin', 'DC'), 'referrals:admin:DC'],
    [rooms.inAppetite(3, 'carrier', 'OH'), 'appetite:3:carrier:OH'],
    [rooms.inAppetite(3, 'agent', null), 'appetite:3:agent:all'],
    [rooms.acquired(1001), 'acquired:1001'],
    [rooms.single('marketplaces'), 'admin:marketplaces'],
    [rooms.single('deliveryStats'), 'admin:deliveryStats'],
    [rooms.single('deliveryErrors'), 'admin:deliveryErrors'],
    [rooms.single('featureFlags'), 'featureFlags'],
    [rooms.single('status'), 'status'],
    [rooms.single('auditLog'), 'admin:auditLog'],
    [rooms.privilegedDashboard(), 'dashboard:privileged'],
    [rooms.agentDashboard(3, 1001), 'dashboard:agent:3:1001'],
  ])('names %s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    [{ kind: 'publicFeed', state: null } as const, 'publicFeed:all'],
    [{ kind: 'inAppetite', state: 'TX' } as const, 'inAppetite:TX'],
    [{ kind: 'acquired' } as const, 'acquired'],
  ])('keys topic %o as %s', (topic, key) => {
    expect(topicKey(topic)).toBe(key);
  });
});

describe('signed-in referral projections (DESIGN: audiences)', () => {
  it.each(['agent', 'carrier', 'admin'] as const)(
    'the %s projection carries no contact details',
    (audience) => {
      const p = projectListReferral(full, audience) as Record<string, unknown>;
      for (const field of CONTACT) expect(p).not.toHaveProperty(field);
      expect(p.dynamicPrice).toBe(40);
      expect(p.city).toBe('Austin');
    },
  );

  it('shows the partner name to admins only', () => {
    expect(projectListReferral(full, 'admin').assignedPartner).toBe('Partner Co');
    expect(projectListReferral(full, 'carrier').assignedPartner).toBe(SECONDARY_PARTNER_LABEL);
    expect(projectListReferral(full, 'agent').assignedPartner).toBe(SECONDARY_PARTNER_LABEL);
  });

  it('keeps a missing partner missing', () => {
    expect(
      projectListReferral({ ...full, assignedPartner: null }, 'agent').assignedPartner,
    ).toBeNull();
  });

  it('gives the privileged column (agencies notified) to carriers and admins only', () => {
    expect(projectListReferral(full, 'agent')).not.toHaveProperty('agenciesNotified');
    expect(projectListReferral(full, 'carrier').agenciesNotified).toBe(4);
    expect(projectListReferral(full, 'admin').agenciesNotified).toBe(4);
  });
});

describe('socket payload validation', () => {
  it.each([
    [{ kind: 'publicFeed', state: null }],
    [{ kind: 'referrals', state: 'TX' }],
    [{ kind: 'inAppetite', state: 'DC' }],
    [{ kind: 'acquired' }],
    [{ kind: 'featureFlags' }],
    [{ kind: 'dashboard' }],
  ])('accepts %o', (topic) => {
    expect(parseTopic(topic)).toEqual({ ok: true, topic });
  });

  it.each([
    [null, 'topic must be an object with a kind'],
    [[], 'topic must be an object with a kind'],
    [{ kind: 'secret' }, "unknown topic kind 'secret'"],
    [{ kind: 7 }, "unknown topic kind '7'"],
    [{ kind: 'referrals', state: 'tx' }, 'state must be a state code or null'],
    [{ kind: 'referrals' }, 'state must be a state code or null'],
    [{ kind: 'referrals', state: 'ZZ' }, 'state must be a state code or null'],
    [{ kind: 'acquired', agencyId: 1001 }, 'unknown field(s) agencyId'],
    [{ kind: 'dashboard', marketplaceId: 9 }, 'unknown field(s) marketplaceId'],
    [{ kind: 'inAppetite', state: null, marketplaceId: 9 }, 'unknown field(s) marketplaceId'],
  ])('refuses %o with a reason', (topic, error) => {
    expect(parseTopic(topic)).toEqual({ ok: false, error });
  });

  it.each([
    [
      { topic: { kind: 'status' }, seq: 3 },
      { ok: true, topic: { kind: 'status' }, seq: 3 },
    ],
    [
      { topic: { kind: 'status' }, seq: -1 },
      { ok: false, error: 'seq must be a whole number of at least 0' },
    ],
    [
      { topic: { kind: 'status' }, seq: 1.5 },
      { ok: false, error: 'seq must be a whole number of at least 0' },
    ],
    [
      { topic: { kind: 'nope' }, seq: 1 },
      { ok: false, error: "unknown topic kind 'nope'" },
    ],
    ['x', { ok: false, error: 'request must be an object' }],
  ])('parses resync %o', (input, expected) => {
    expect(parseResync(input)).toEqual(expected);
  });

  const SEQ_RULE = 'seq must be a whole number of at least 0';
  it.each([
    // A bare topic: a subscribe as ever.
    [{ kind: 'status' }, { ok: true, topic: { kind: 'status' }, seq: null }],
    [{ kind: 'nope' }, { ok: false, error: "unknown topic kind 'nope'" }],
    ['x', { ok: false, error: 'topic must be an object with a kind' }],
    [null, { ok: false, error: 'topic must be an object with a kind' }],
    // With the seq held: a resume; without one, a subscribe as ever.
    [
      { topic: { kind: 'publicFeed', state: 'TX' }, seq: 3 },
      { ok: true, topic: { kind: 'publicFeed', state: 'TX' }, seq: 3 },
    ],
    [
      { topic: { kind: 'status' }, seq: 0 },
      { ok: true, topic: { kind: 'status' }, seq: 0 },
    ],
    [{ topic: { kind: 'status' } }, { ok: true, topic: { kind: 'status' }, seq: null }],
    [
      { topic: { kind: 'status' }, seq: -1 },
      { ok: false, error: SEQ_RULE },
    ],
    [
      { topic: { kind: 'status' }, seq: 1.5 },
      { ok: false, error: SEQ_RULE },
    ],
    [
      { topic: { kind: 'status' }, seq: '3' },
      { ok: false, error: SEQ_RULE },
    ],
    [
      { topic: { kind: 'status' }, seq: null },
      { ok: false, error: SEQ_RULE },
    ],
    [
      { topic: { kind: 'status' }, seq: Number.NaN },
      { ok: false, error: SEQ_RULE },
    ],
    [
      { topic: { kind: 'status' }, seq: 2 ** 60 },
      { ok: false, error: SEQ_RULE },
    ],
    [
      { topic: { kind: 'status' }, seq: Infinity },
      { ok: false, error: SEQ_RULE },
    ],
    [{ seq: 3 }, { ok: false, error: 'topic must be an object with a kind' }],
    [
      { topic: { kind: 'status' }, seq: 3, room: 'admin:marketplaces' },
      { ok: false, error: 'unknown field(s) room' },
    ],
    [
      { topic: { kind: 'nope' }, seq: 3 },
      { ok: false, error: "unknown topic kind 'nope'" },
    ],
    [[], { ok: false, error: 'request must be an object' }],
  ])('parses subscribe %o', (input, expected) => {
    expect(parseSubscribe(input)).toEqual(expected);
  });

  it.each([
    ['abc', { ok: true, token: 'abc' }],
    ['', { ok: false, error: 'token must be a non-empty string' }],
    [42, { ok: false, error: 'token must be a non-empty string' }],
    ['x'.repeat(MAX_TOKEN_LENGTH + 1), { ok: false, error: 'token is too long' }],
  ])('parses a token', (input, expected) => {
    expect(parseToken(input)).toEqual(expected);
  });
});
