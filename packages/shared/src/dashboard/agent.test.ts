import { describe, expect, it } from 'vitest';
import { anAppetite, aReferral } from '../marketplaces/fixtures.testkit.js';
import type { Opportunity } from '../schemas/opportunity.js';
import { computeAgentDashboard } from './agent.js';

const NOW = Date.parse('2024-03-14T18:20:00Z'); // 14:20 in New York
const ZONE = 'America/New_York';
const MINE = 'Lone Star Insurance Group';
const iso = (s: string) => new Date(Date.parse(s)).toISOString();
const LATER = iso('2024-03-14T19:00:00Z');
let nextId = 1;
const o = (over: Partial<Opportunity>): Opportunity =>
  aReferral({
    opportunityId: nextId++,
    addDate: iso('2024-03-14T18:00:00Z'),
    marketplaceExpirationDate: LATER,
    ...over,
  });

const dashboard = (referrals: Opportunity[]) =>
  computeAgentDashboard({
    referrals,
    appetite: anAppetite(),
    agencyName: MINE,
    nowMs: NOW,
    timeZone: ZONE,
  });

describe("an agent's dashboard", () => {
  it.each([
    ['an open referral in appetite', o({}), { openNow: 1, claimsToday: 0, arrivalsTotal: 1 }],
    [
      'an open referral out of appetite',
      o({ state: 'OH' }),
      { openNow: 0, claimsToday: 0, arrivalsTotal: 0 },
    ],
    [
      'an Available one whose window closed (not polled yet)',
      o({ marketplaceExpirationDate: iso('2024-03-14T18:10:00Z') }),
      { openNow: 0, arrivalsTotal: 1 },
    ],
    [
      'an old open one in appetite',
      o({ addDate: iso('2024-03-12T10:00:00Z') }),
      { openNow: 1, arrivalsTotal: 0 },
    ],
    [
      'an in-appetite arrival someone else claimed',
      o({
        marketplaceStatus: 'Claimed',
        assignedAgency: 'Other',
        lastModDate: iso('2024-03-14T18:05:00Z'),
      }),
      { openNow: 0, claimsToday: 0, arrivalsTotal: 1 },
    ],
    [
      'a claim of my agency today',
      o({
        addDate: iso('2024-03-12T10:00:00Z'),
        marketplaceStatus: 'Claimed',
        assignedAgency: MINE,
        lastModDate: iso('2024-03-14T04:30:00Z'),
      }),
      { claimsToday: 1, arrivalsTotal: 0 },
    ],
    [
      'a claim of my agency out of appetite today (still theirs)',
      o({
        state: 'OH',
        marketplaceStatus: 'Claimed',
        assignedAgency: MINE,
        lastModDate: iso('2024-03-14T18:01:00Z'),
      }),
      { claimsToday: 1, arrivalsTotal: 0 },
    ],
    [
      'a claim of my agency yesterday evening',
      o({
        addDate: iso('2024-03-13T20:00:00Z'),
        marketplaceStatus: 'Claimed',
        assignedAgency: MINE,
        lastModDate: iso('2024-03-14T03:59:00Z'),
      }),
      { claimsToday: 0, arrivalsTotal: 1 },
    ],
  ])('%s', (_name, referral, expected) => {
    expect(dashboard([referral])).toMatchObject(expected);
  });

  it('counts in-appetite arrivals per clock hour, current hour last', () => {
    const d = dashboard([
      o({ addDate: iso('2024-03-14T18:01:00Z') }),
      o({ addDate: iso('2024-03-14T18:02:00Z') }),
      o({ addDate: iso('2024-03-14T17:30:00Z') }),
      o({ addDate: iso('2024-03-14T17:30:00Z'), state: 'OH' }),
    ]);
    expect(d.hours).toHaveLength(24);
    expect(d.hours.at(-1)).toEqual({ start: Date.parse('2024-03-14T18:00:00Z'), arrivals: 2 });
    expect(d.hours.at(-2)).toEqual({ start: Date.parse('2024-03-14T17:00:00Z'), arrivals: 1 });
    expect(d).toMatchObject({ id: 'dashboard', audience: 'agent', openNow: 3, arrivalsTotal: 3 });
  });

  it('carries counts only: no price, contact or other agency of any referral', () => {
    const text = JSON.stringify(
      dashboard([
        o({ dynamicPrice: 987, firstName: 'Zelda', phone: '9995550199' }),
        o({
          marketplaceStatus: 'Claimed',
          assignedAgency: 'Rival Agency',
          lastModDate: iso('2024-03-14T18:00:00Z'),
        }),
      ]),
    );
    for (const secret of ['987', 'Zelda', '9995550199', 'Rival', 'Austin', 'opportunityId']) {
      expect(text).not.toContain(secret);
    }
  });
});
