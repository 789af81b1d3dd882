import { Role } from '@referrals/shared';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { ReferralListPage } from './ReferralListPage';

type Params = Record<string, unknown>;

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
