import {
  CAP_ALERT_LEVELS,
  capAlertLevel,
  capAlertText,
  type CapAlertLevel,
  type MyMarketplace,
  type Topic,
} from '@referrals/shared';
import type { ApiRead } from '../api/queries';
import type { LiveClient } from '../live/LiveClient';
import type { AlertText } from './alertRules';
import type { LocalList } from './localList';

/** News of the agency's settings and of today's deliveries: the relay scopes it by the token. */
export const CAP_ALERT_TOPIC = { kind: 'agencySettings' } as const satisfies Topic;

/** How many alerted levels are remembered: three a day for a month, and then some. */
const ALERTED_KEPT = 200;

/** What the watcher needs from the outside; the browser's in the app, fakes in tests. */
export interface CapAlertDeps {
  readonly live: Pick<LiveClient, 'watch'>;
  /** Relay GETs through the tab's query cache (shared with the My Appetite screen). */
  readonly read: ApiRead;
  readonly notify: (text: AlertText, onClick: () => void) => void;
  /** Opens the agency's appetite screen. */
  readonly openAppetite: () => void;
  readonly sound: () => boolean;
  readonly playTone: () => void;
  /** The viewer's calendar day (YYYY-MM-DD). */
  readonly today: () => string;
  /** Levels already alerted by any tab of this browser: `day:marketplace:level`. */
  readonly alerted: LocalList<string>;
}

const keyOf = (day: string, marketplaceId: number, level: CapAlertLevel) =>
  `${day}:${marketplaceId}:${level}`;

/** The alert of a level reached, merged by the system across tabs by its tag. */
const textOf = (m: MyMarketplace, level: CapAlertLevel): AlertText => ({
  title: level === 100 ? "Today's cap is reached" : `${level}% of today's cap`,
  body: capAlertText(level, m.deliveredToday ?? 0, m.riskAppetite.maxReferralsPerDay ?? 0),
  tag: `cap:${m.id}:${level}`,
});

/**
 * Alerts the agency's cap levels (50, 80 and 100 % of the day's cap) once each a day as its
 * deliveries reach them: the marketplace is read again on each settings news (a new delivery
 * figure, a pause, a cap change) and at the start. Only the highest level reached is alerted; the
 * lower ones count as told. The alerted store is read and written at the moment of alerting, so two
 * tabs that both watch still alert a level once. Returns the stop.
 */
export const watchCapAlerts = (deps: CapAlertDeps): (() => void) => {
  let stopped = false;
  const check = (m: MyMarketplace) => {
    if (stopped) return;
    const level = capAlertLevel(m.deliveredToday, m.riskAppetite);
    if (level === null) return;
    const day = deps.today();
    const seen = deps.alerted.load();
    if (seen.includes(keyOf(day, m.id, level))) return;
    const told = CAP_ALERT_LEVELS.filter((l) => l <= level).map((l) => keyOf(day, m.id, l));
    deps.alerted.save([...new Set([...seen, ...told])].slice(-ALERTED_KEPT));
    deps.notify(textOf(m, level), deps.openAppetite);
    if (deps.sound()) deps.playTone();
  };
  // A user without an agency marketplace (403) is never alerted; a failed read waits for news.
  const read = () => deps.read('/api/my-marketplace').then(check, () => undefined);
  const stopWatch = deps.live.watch(CAP_ALERT_TOPIC, (event) => {
    if (event.type === 'changes' || event.type === 'snapshot') void read();
  });
  return () => {
    stopped = true;
    stopWatch();
  };
};
