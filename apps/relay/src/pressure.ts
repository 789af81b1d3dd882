/**
 * Whether this relay is saturated: its event loop runs late (the 99th percentile of its delay
 * over the last window past PRESSURE.enterMs). While it is, work that can come back later (list
 * and record reads, new sockets) is refused at once with a time to come back, spread so the
 * refused do not return together, rather than queued behind seconds of work; writes, health
 * checks and sockets already open go on, and the balancer sends the rest to the other relays.
 *
 * Invariant: saturation is entered past `enterMs` and left only under `leaveMs`, so a relay at
 * the edge does not flap from one window to the next.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

export const PRESSURE = {
  /** How often the event loop's delay is read (and its histogram started again). */
  windowMs: 500,
  /** The delay's p99 over a window past which the relay is saturated. */
  enterMs: 1000,
  /** The delay's p99 under which a saturated relay is saturated no more. */
  leaveMs: 100,
  /** The Retry-After told to a refused client: a whole number of seconds in this range. */
  retryAfterS: [1, 5],
} as const;

/** What the gateway and the handshake ask of the relay's load. */
export interface PressureGauge {
  /** Whether new work that can wait should be refused now. */
  readonly saturated: boolean;
  /** Seconds a refused client waits before it tries again (spread over PRESSURE.retryAfterS). */
  retryAfterS(): number;
}

/** A gauge that never says saturated (tests, and tools that run no event loop of their own). */
export const NO_PRESSURE: PressureGauge = { saturated: false, retryAfterS: () => 0 };

export class Pressure implements PressureGauge {
  private readonly delays: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  private timer: NodeJS.Timeout | undefined;
  private saturatedNow = false;

  constructor(
    private readonly onChange: (saturated: boolean, p99Ms: number) => void = () => undefined,
  ) {}

  get saturated(): boolean {
    return this.saturatedNow;
  }

  retryAfterS(): number {
    const [low, high] = PRESSURE.retryAfterS;
    return low + Math.floor(Math.random() * (high - low + 1));
  }

  start(): void {
    if (this.timer) return;
    this.delays.enable();
    this.timer = setInterval(() => this.read(), PRESSURE.windowMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.delays.disable();
  }

  /** Reads the last window's delay and says whether the relay is saturated now. */
  read(): void {
    // No sample since the last read (read twice in one turn): nothing new to say.
    if (this.delays.count === 0) return;
    const p99Ms = this.delays.percentile(99) / 1e6;
    this.delays.reset();
    const was = this.saturatedNow;
    if (p99Ms > PRESSURE.enterMs) this.saturatedNow = true;
    else if (p99Ms < PRESSURE.leaveMs) this.saturatedNow = false;
    if (this.saturatedNow !== was) this.onChange(this.saturatedNow, p99Ms);
  }
}
