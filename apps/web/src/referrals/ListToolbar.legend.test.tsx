import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DATE_FILTERS, DEFAULT_SORTS, PAGING, Role } from '@referrals/shared';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { ListToolbar } from './ListToolbar';

const legendOf = (role: Role) => {
  renderWith(
    <ListToolbar
      state={{
        view: 'all',
        showClaimed: true,
        dateFilter: DEFAULT_DATE_FILTERS.acquired,
        stateCode: null,
        sort: DEFAULT_SORTS.acquired,
        page: 0,
        size: PAGING.acquiredPageSize,
      }}
      parts={{
        view: false,
        showClaimed: false,
        dateFilter: false,
        stateFilter: false,
        legend: true,
      }}
      onChange={() => undefined}
    />,
    { api: fakeApi(), auth: fakeAuth(sessionOf(role)) },
  );
  return (screen.getByRole('list', { name: 'Legend' }).textContent ?? '').trim();
};

describe("the legend's word for Available", () => {
  it("is the admin's cells' word, Available", () => {
    expect(legendOf(Role.CONSOLE_ADMIN)).toMatch(/^Available: available to claim/);
  });

  it("is the agent's buttons' word, Claim Now", () => {
    expect(legendOf(Role.CONSOLE_PRODUCER)).toMatch(/^Claim Now: available to claim/);
  });
});
