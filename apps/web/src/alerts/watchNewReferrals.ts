import type { ListReferral, Topic } from '@referrals/shared';
import type { LiveClient } from '../live/LiveClient';
import { alertText, pickNewReferrals, type AlertText } from './alertRules';
import { localList } from './localList';

/** The user's appetite in every state: the relay picks the marketplace from the token. */
export const ALERT_TOPIC = { kind: 'inAppetite', state: null } as const satisfies Topic;

/** What the watcher needs from the outside; the browser's in the app, fakes in tests. */
export interface AlertDeps {
  readonly live: Pick<LiveClient, 'watch'>;
  /** Shows one notification; `onClick` runs when the user clicks it. */
  readonly notify: (text: AlertText, onClick: () => void) => void;
  /** Opens a referral's details. */
  readonly open: (opportunityId: number) => void;
  /** Whether to play the tone now (read at each alert, so toggling it needs no restart). */
  readonly sound: () => boolean;
  readonly playTone: () => void;
  readonly now: () => number;
  /**
   * The newest referrals of the user's appetite (REST, newest first): read whenever the topic
   * starts over from a snapshot, which carries no items for this paged topic.
   */
  readonly newest: () => Promise<readonly ListReferral[]>;
  /** Referral ids already alerted by any tab of this browser (it survives a change of leader). */
  readonly alerted: AlertedStore;
}

/** Ids already alerted, shared by the tabs of one browser. */
export interface AlertedStore {
  load(): readonly number[];
  save(ids: readonly number[]): void;
}

/** How many alerted ids are remembered: far more than arrive within the alert slack. */
const ALERTED_KEPT = 200;

/**
 * Watches the user's In-Appetite topic and alerts once for each new referral in it. The topic is
 * paged: its change sets carry new referrals, its snapshots none. So whenever the topic starts
 * over from a snapshot (the first subscription, a gap the relay could not fill, a reconnect after
 * a long break) the newest referrals are read once over REST: one that arrived while the watch
 * was (re)starting, or while another tab handed over the lead, is alerted too. Ids alerted by any
 * tab are shared, so a new leader does not alert them twice. Returns the stop.
 */
export const watchNewReferrals = (deps: AlertDeps): (() => void) => {
  const since = deps.now();
  const seen = new Set<number>(deps.alerted.load());
  let stopped = false;
  const alert = (candidates: readonly ListReferral[]) => {
    const fresh = pickNewReferrals(candidates, since, seen);
    if (fresh.length === 0) return;
    deps.alerted.save([...seen].slice(-ALERTED_KEPT));
    for (const r of fresh) deps.notify(alertText(r), () => deps.open(r.opportunityId));
    if (deps.sound()) deps.playTone();
  };
  const stop = deps.live.watch(ALERT_TOPIC, (event) => {
    if (event.type === 'changes') {
      alert(event.upserts);
      return;
    }
    deps.newest().then(
      (newest) => {
        if (!stopped) alert(newest);
      },
      // A missed catch-up loses no later alert: the change sets keep coming.
      () => undefined,
    );
  });
  return () => {
    stopped = true;
    stop();
  };
};

/** The alerted ids of one user in localStorage (absent or unreadable: none). */
export const localAlertedStore = (username: string): AlertedStore =>
  localList(`rc.referral-alerts.${username}.alerted`, (id): id is number => Number.isInteger(id));

/**
 * A system notification (the Notification API), focusing this tab and running `onClick` when
 * clicked. The tag makes the system replace, not stack, a second one for the same referral.
 */
export const showNotification = (text: AlertText, onClick: () => void): void => {
  const n = new Notification(text.title, { body: text.body, tag: text.tag });
  n.onclick = () => {
    window.focus();
    onClick();
    n.close();
  };
};
