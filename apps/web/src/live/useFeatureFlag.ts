import { CONSOLE_FLAGS, isFlagOn } from '@referrals/shared';
import { useSession } from '../app/useSession';
import { useTopic } from './useTopic';

const FLAGS_TOPIC = { kind: 'featureFlags' } as const;

/**
 * Whether a feature flag is on, followed live: an admin's change takes effect in every open
 * console. A flag not loaded yet, unknown, or whose read failed is off (marketplace-admin
 * section 7).
 */
export const useFeatureFlag = (name: string): boolean => {
  const { items } = useTopic(FLAGS_TOPIC);
  return isFlagOn(items, name);
};

/** Whether the viewer is offered Talk Now: their role allows it and the flag is on. */
export const useShowTalkNow = (): boolean => {
  const { access } = useSession();
  return useFeatureFlag(CONSOLE_FLAGS.talkNow) && access.showTalkNow;
};
