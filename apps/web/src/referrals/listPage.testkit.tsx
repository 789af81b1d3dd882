import { Role } from '@referrals/shared';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import type { GridRow } from './gridColumns';
import { ReferralListPage } from './ReferralListPage';

type Params = Record<string, unknown>;

/**
 * A row of a list: a Texas commercial CIR delivered an hour ago, Available at $40 unless
 * `fields` say otherwise.
 */
export const listRow = (id: number, fields: Partial<GridRow> = {}): GridRow => ({
  opportunityId: id,
  opportunityType: 'CIR',
  marketplaceStatus: 'Available',
  addDate: new Date(Date.now() - 3_600_000).toISOString(),
  state: 'TX',
  city: 'Austin',
  category: 'COMMERCIAL',
  businessLines: ['CGLY'],
  dynamicPrice: 40,
  discountPrice: null,
  ...fields,
});

/**
 * A producer's list of all referrals at `url`, over a fake API with `answers`; the parameters of
 * each list read the page made, and the last.
 */
export const renderProducerList = (url: string, answers: Record<string, unknown> = {}) => {
  const api = fakeApi(answers);
  renderWith(<ReferralListPage variant="all" />, {
    api,
    auth: fakeAuth(sessionOf(Role.CONSOLE_PRODUCER)),
    url,
  });
  const listCalls = () =>
    api.get.mock.calls
      .filter(([path]) => path === '/api/referrals')
      .map((c) => (c as unknown[])[1] as Params);
  return { api, listCalls, last: () => listCalls().at(-1) };
};
