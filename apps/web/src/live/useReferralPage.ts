import { useEffect, useState, useSyncExternalStore } from 'react';
import { useServices } from '../app/services';
import {
  ReferralPage,
  type ReferralPageOptions,
  type ReferralPageState,
  type ReferralRow,
  type SeededPage,
} from './ReferralPage';

export type {
  FetchedPage,
  ReferralPageOptions,
  ReferralPageState,
  ReferralRow,
  ReferralTopic,
  SeededPage,
} from './ReferralPage';

/**
 * One live page of a referral list (see `ReferralPage`): the options of each render are handed
 * over after it commits, and the page stops reading and watching when the list goes. A seed (a
 * server render's page) is shown from the first render, on the server and while hydrating too.
 */
export const useReferralPage = <R extends ReferralRow>(
  o: ReferralPageOptions<R>,
  seed: SeededPage<R> | null = null,
): ReferralPageState<R> => {
  const { live } = useServices();
  const [page] = useState(() => new ReferralPage<R>(live, seed));
  useEffect(() => page.update(o));
  useEffect(() => () => page.stop(), [page]);
  return useSyncExternalStore(page.subscribe, page.getState, page.getState);
};
