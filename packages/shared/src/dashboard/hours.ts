import { calendarParts } from '../referrals/time.js';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** A window of whole clock hours ending with the current one, in a zone. */
export interface HourWindow {
  /** Start of the oldest bucket (epoch ms). */
  readonly from: number;
  /** Start of each bucket, oldest first. */
  readonly starts: readonly number[];
  /** The bucket of an instant, or -1 when it is outside the window or in the future. */
  readonly indexOf: (epochMs: number) => number;
  /** The bucket of an ISO-8601 date (see `epochSince`), or -1. */
  readonly indexOfIso: (iso: string | null) => number;
}

/**
 * The epoch ms of an ISO-8601 date, or NaN when it is unreadable or surely before `fromMs`. Most
 * referrals are older than a dashboard's window, and a date in the canonical UTC form
 * ('YYYY-MM-DDTHH:mm:ss.sssZ', as upstream writes them) compares as text: such ones are passed
 * over without parsing, which is most of the cost of a pass over 100,000 referrals.
 */
export function epochSince(iso: string | null, fromMs: number, fromIso: string): number {
  if (iso === null) return Number.NaN;
  if (iso.length === 24 && iso.charCodeAt(23) === 90 && iso.charCodeAt(10) === 84 && iso < fromIso)
    return Number.NaN;
  const ms = Date.parse(iso);
  return ms >= fromMs ? ms : Number.NaN;
}

/**
 * The zone's offset from UTC modulo an hour, read once: clock hours start at the same instants in
 * every zone with whole-hour offsets, and at :30 or :45 UTC elsewhere.
 */
const hourPhaseMs = (nowMs: number, timeZone: string): number => {
  const p = calendarParts(nowMs, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  const offset = wall - (nowMs - (((nowMs % MINUTE_MS) + MINUTE_MS) % MINUTE_MS));
  return ((offset % HOUR_MS) + HOUR_MS) % HOUR_MS;
};

/** The last `count` clock hours in a zone, the current (partial) one last. */
export function hourWindow(nowMs: number, timeZone: string, count: number): HourWindow {
  const phase = hourPhaseMs(nowMs, timeZone);
  const current = Math.floor((nowMs + phase) / HOUR_MS) * HOUR_MS - phase;
  const from = current - (count - 1) * HOUR_MS;
  const starts = Array.from({ length: count }, (_, i) => from + i * HOUR_MS);
  const fromIso = new Date(from).toISOString();
  const indexOf = (t: number) => (t >= from && t <= nowMs ? Math.floor((t - from) / HOUR_MS) : -1);
  return {
    from,
    starts,
    indexOf,
    indexOfIso: (iso) => indexOf(epochSince(iso, from, fromIso)),
  };
}

/**
 * Midnight of the current calendar day in a zone (epoch ms). The wall clock's hours since
 * midnight differ from the elapsed ones on a daylight-saving day, hence the check afterwards.
 */
export function startOfDayMs(nowMs: number, timeZone: string): number {
  const p = calendarParts(nowMs, timeZone);
  let start =
    nowMs - (p.hour * 60 + p.minute) * MINUTE_MS - (((nowMs % MINUTE_MS) + MINUTE_MS) % MINUTE_MS);
  const q = calendarParts(start, timeZone);
  if (q.day !== p.day) start += HOUR_MS;
  else if (q.hour > 0) start -= q.hour * HOUR_MS;
  return start;
}
