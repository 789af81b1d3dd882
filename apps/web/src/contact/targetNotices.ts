/**
 * Whether an event of the agency's settings topic says its contact target changed. The topic's
 * room is sent whole again at every change of the delivery figures (every poll cycle of a busy
 * market), so a snapshot counts only when it holds a target notice newer than any seen: readers
 * of the target read it again when it changed, never once per tab per cycle.
 */
import type { AgencySettingsNotice } from '@referrals/shared';
import type { TopicEvent } from '../live/LiveClient';

type SettingsEvent = TopicEvent<{ kind: 'agencySettings' }>;

/** A tracker of one watch: true for each event that brings a newer target notice. */
export function targetChanges(): (e: SettingsEvent) => boolean {
  let seen = '';
  return (e) => {
    if (e.type !== 'snapshot' && e.type !== 'changes') return false;
    const notices: readonly AgencySettingsNotice[] = e.type === 'snapshot' ? e.items : e.upserts;
    const latest = notices.reduce(
      (at, n) => (n.setting === 'contactTarget' && n.at > at ? n.at : at),
      '',
    );
    if (latest <= seen) return false;
    seen = latest;
    return true;
  };
}
