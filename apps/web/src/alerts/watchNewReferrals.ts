import type { Topic } from '@referrals/shared';
import type { LiveClient } from '../live/LiveClient';
import { alertText, pickNewReferrals, type AlertText } from './alertRules';

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
}

/**
 * Watches the user's In-Appetite topic and alerts once for each new referral in it. The topic is
 * paged, so only its change sets matter here (its snapshot carries no items). Returns the stop.
 */
export const watchNewReferrals = (deps: AlertDeps): (() => void) => {
  const since = deps.now();
  const seen = new Set<number>();
  return deps.live.watch(ALERT_TOPIC, (event) => {
    if (event.type !== 'changes') return;
    const fresh = pickNewReferrals(event.upserts, since, seen);
    for (const r of fresh) deps.notify(alertText(r), () => deps.open(r.opportunityId));
    if (fresh.length > 0 && deps.sound()) deps.playTone();
  });
};

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
