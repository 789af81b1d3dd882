import { withPipelineContact, type ContactClock, type Topic } from '@referrals/shared';
import type { ApiRead } from '../api/queries';
import type { LiveClient } from '../live/LiveClient';
import type { AlertText } from '../alerts/alertRules';
import type { LocalList } from '../alerts/localList';
import { clockAlertsOf, type ClockViewer } from './contactAlertRules';
import { targetChanges } from './targetNotices';

const PIPELINE = { kind: 'pipeline' } as const satisfies Topic;
const ACQUIRED = { kind: 'acquired' } as const satisfies Topic;
const SETTINGS = { kind: 'agencySettings' } as const satisfies Topic;

/** How many alerted clocks are remembered: far more than an agency claims in two days. */
const ALERTED_KEPT = 500;

/** What the watcher needs from the outside; the browser's in the app, fakes in tests. */
export interface ContactAlertDeps {
  readonly live: Pick<LiveClient, 'watch'>;
  readonly read: ApiRead;
  readonly viewer: ClockViewer;
  /** The console's own notice (a toast): shown whatever the browser lets notifications do. */
  readonly notice: (text: AlertText, referralId: number) => void;
  /** A browser notification, when the preferences and the browser allow one (else a no-op). */
  readonly notify: (text: AlertText, onClick: () => void) => void;
  readonly open: (referralId: number) => void;
  readonly now: () => Date;
  /** Runs its argument every second; returns the stop. */
  readonly everySecond: (run: () => void) => () => void;
  /** Clock alerts already notified by any tab of this browser. */
  readonly alerted: LocalList<string>;
}

/**
 * Watches the agency's running contact clocks and alerts as they pass half the target (to the
 * agent who claimed) and the target (to the agency's admin): each alert once per tab as a console
 * notice, and once per browser as a notification. The clocks are read over REST at the start, on
 * every new claim and target change, and when the pipeline or acquired topic starts over; the
 * pipeline topic stops a clock at once. Returns the stop.
 * A settings snapshot reads only when it brings a newer target notice (targetNotices.ts).
 */
export const watchContactClocks = (deps: ContactAlertDeps): (() => void) => {
  let clocks = new Map<number, ContactClock>();
  let targetMinutes: number | null = null;
  const targetChanged = targetChanges();
  let stopped = false;
  const shown = new Set<string>();
  let reading = 0;
  const readAll = () => {
    const mine = ++reading;
    deps.read('/api/contact-clocks', { gcTime: 0 }).then(
      (r) => {
        // Only the latest read counts: an older answer may miss a claim made since.
        if (stopped || mine !== reading) return;
        // An answer of another shape (an older relay) alerts nothing.
        if (!Array.isArray(r.items) || typeof r.targetMinutes !== 'number') return;
        targetMinutes = r.targetMinutes;
        clocks = new Map(r.items.map((c) => [c.referralId, c]));
        check();
      },
      () => undefined, // the next claim, change or resync reads again
    );
  };
  const check = () => {
    if (targetMinutes === null) return;
    for (const c of clocks.values()) {
      for (const a of clockAlertsOf(c, targetMinutes, deps.viewer, deps.now())) {
        if (shown.has(a.key)) continue;
        shown.add(a.key);
        deps.notice(a.text, a.referralId);
        const seen = deps.alerted.load();
        if (seen.includes(a.key)) continue;
        deps.alerted.save([...seen, a.key].slice(-ALERTED_KEPT));
        deps.notify(a.text, () => deps.open(a.referralId));
      }
    }
  };
  const stops = [
    deps.live.watch(PIPELINE, (e) => {
      if (e.type === 'snapshot') return readAll();
      if (e.type !== 'changes') return;
      for (const p of e.upserts) {
        const c = clocks.get(p.referralId);
        if (c && withPipelineContact(c, p).contactedAt !== null) clocks.delete(p.referralId);
      }
    }),
    deps.live.watch(ACQUIRED, (e) => {
      // Every change set of the market reaches the room, most of them empty: only a purchase
      // (or one leaving) is read for.
      if (e.type === 'snapshot') readAll();
      else if (e.type === 'changes' && (e.upserts.length > 0 || e.removed.length > 0)) readAll();
    }),
    deps.live.watch(SETTINGS, (e) => {
      if (targetChanged(e)) readAll();
    }),
    deps.everySecond(check),
  ];
  readAll();
  return () => {
    stopped = true;
    stops.forEach((s) => s());
  };
};
