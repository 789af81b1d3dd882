import { PROGRESS_STATUSES, type Pipeline, type Topic } from '@referrals/shared';
import type { ApiRead } from '../api/queries';
import type { LiveClient } from '../live/LiveClient';
import type { AlertText } from './alertRules';
import { followUpKey, followUpOf, followUpText, isDue, type FollowUp } from './followUpRules';
import type { LocalList } from './localList';

/** Progress changes of the user's agency's referrals: the relay scopes the topic by the token. */
export const FOLLOW_UP_TOPIC = { kind: 'pipeline' } as const satisfies Topic;

/** How many alerted follow-ups are remembered: far more than an agency has due in a month. */
const ALERTED_KEPT = 500;

/** What the watcher needs from the outside; the browser's in the app, fakes in tests. */
export interface FollowUpDeps {
  readonly live: Pick<LiveClient, 'watch'>;
  /** Relay GETs through the tab's query cache (deduplicated, retried). */
  readonly read: ApiRead;
  readonly notify: (text: AlertText, onClick: () => void) => void;
  /** Opens a referral's details. */
  readonly open: (referralId: number) => void;
  readonly sound: () => boolean;
  readonly playTone: () => void;
  /** The viewer's calendar day (YYYY-MM-DD). */
  readonly today: () => string;
  /** Runs its argument at each local midnight; returns the stop. */
  readonly onNewDay: (run: () => void) => () => void;
  /** Follow-ups already alerted by any tab of this browser, by `followUpKey`. */
  readonly alerted: LocalList<string>;
}

const isPipeline = (v: unknown): v is Pipeline =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Pipeline).referralId === 'number' &&
  (PROGRESS_STATUSES as readonly unknown[]).includes((v as Pipeline).status);

/**
 * The agency's follow-ups due on or before `day`: the due list, then its pipelines. Neither answer
 * stays in the cache once read (`gcTime` 0): a list screen shows a cached page of its request at
 * once, and this one is not kept current by a topic.
 */
const readDueFollowUps = async (read: ApiRead, day: string): Promise<FollowUp[]> => {
  const page = await read('/api/acquired', {
    params: { followUpDue: day, dateFilter: '30days', size: 100 },
    gcTime: 0,
  });
  const referrals = new Map(page.content.map((o) => [o.opportunityId, o]));
  if (referrals.size === 0) return [];
  const { items } = await read('/api/acquired/pipelines', {
    params: { ids: [...referrals.keys()].join(',') },
    gcTime: 0,
  });
  return (Array.isArray(items) ? items.filter(isPipeline) : []).flatMap((p) =>
    isDue(p.followUpOn, day)
      ? [followUpOf({ ...p, followUpOn: p.followUpOn }, referrals.get(p.referralId) ?? null)]
      : [],
  );
};

/**
 * Alerts each follow-up of the user's agency once as it comes due: those already due when the
 * watch starts (and whenever the topic starts over, since a change may have been missed) and
 * at each local midnight, read over REST; and any progress change that sets a follow-up due by
 * today. The alerted store is read and written at the moment of alerting, so two tabs that both
 * watch (a browser without Web Locks, a hand-over of the lead) still alert a follow-up once.
 * Returns the stop.
 */
export const watchFollowUps = (deps: FollowUpDeps): (() => void) => {
  let stopped = false;
  const alert = (candidates: readonly FollowUp[]) => {
    if (stopped) return;
    let any = false;
    for (const f of candidates) {
      const seen = deps.alerted.load();
      if (!isDue(f.followUpOn, deps.today()) || seen.includes(followUpKey(f))) continue;
      deps.alerted.save([...seen, followUpKey(f)].slice(-ALERTED_KEPT));
      deps.notify(followUpText(f), () => deps.open(f.referralId));
      any = true;
    }
    if (any && deps.sound()) deps.playTone();
  };
  // A missed read loses nothing for long: the next snapshot, change or midnight reads again.
  const readDue = () => readDueFollowUps(deps.read, deps.today()).then(alert, () => undefined);
  const onChange = (p: Pipeline) => {
    const day = p.followUpOn;
    if (!isDue(day, deps.today())) return;
    if (deps.alerted.load().includes(followUpKey({ referralId: p.referralId, followUpOn: day })))
      return;
    // The change names no prospect: read the referral for the name (or say its number).
    deps.read(`/api/referrals/${p.referralId}`).then(
      // A record without contact details (not the caller's agency's) names no one.
      (o) => alert([followUpOf({ ...p, followUpOn: day }, 'firstName' in o ? o : null)]),
      () => alert([followUpOf({ ...p, followUpOn: day }, null)]),
    );
  };
  const stopWatch = deps.live.watch(FOLLOW_UP_TOPIC, (event) => {
    if (event.type === 'changes') event.upserts.forEach(onChange);
    else if (event.type === 'snapshot') void readDue();
  });
  const stopDays = deps.onNewDay(() => void readDue());
  return () => {
    stopped = true;
    stopWatch();
    stopDays();
  };
};
