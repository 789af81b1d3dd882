/**
 * The relay's Prometheus metrics. Invariant: every metric is on the relay's own registry (never
 * prom-client's global one), and a gauge that reads state reads it at scrape time through what
 * was set with its `...With`/`...From` call, answering a neutral value until then.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Answered } from './http/observe.js';
import type { StreamName } from './keys.js';
import { circuitStates } from './resilience.js';

/** What the poll gauges read at each scrape: the cluster's last good poll and the status told. */
export interface PollHealth {
  /** Epoch ms of the last poll cycle (any instance's) that read every stream, or null. */
  lastSuccessAt(): Promise<number | null>;
  /** Whether clients are told stale now. */
  stale(): boolean;
}

/** The relay's Prometheus metrics, on a registry of its own. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Registered in this order, which is the order they are scraped in.
  return {
    registry,
    ...instanceGauges(registry),
    ...upstreamGauges(registry),
    ...requestMetrics(registry),
    ...pollMetrics(registry),
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** This instance's sockets, readiness and poll ownership, read at each scrape from what is set. */
function instanceGauges(registry: Registry) {
  let countSockets: () => Record<string, number> = () => ({});
  let readiness: () => Promise<boolean> = () => Promise.resolve(false);
  let pollOwner: () => boolean = () => false;
  new Gauge({
    name: 'relay_sockets',
    help: 'Connected sockets on this instance, by audience',
    labelNames: ['audience'] as const,
    registers: [registry],
    collect() {
      for (const [audience, n] of Object.entries(countSockets())) this.set({ audience }, n);
    },
  });
  new Gauge({
    name: 'relay_ready',
    help: 'Whether this instance answers /readyz with 200 (1) or 503 (0)',
    registers: [registry],
    async collect() {
      this.set((await readiness()) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'relay_poll_owner',
    help: 'Whether this instance is the one polling the upstream (1) or not (0)',
    registers: [registry],
    collect() {
      this.set(pollOwner() ? 1 : 0);
    },
  });
  return {
    /** Sets how the sockets gauge counts, once the socket server exists. */
    countSocketsWith(fn: () => Record<string, number>) {
      countSockets = fn;
    },
    /** Sets how the ready gauge decides (the same test as /readyz). */
    readyWith(fn: () => Promise<boolean>) {
      readiness = fn;
    },
    /** Sets how the poll-owner gauge decides: whether this instance holds the poll. */
    pollOwnerWith(fn: () => boolean) {
      pollOwner = fn;
    },
  };
}

/** The cluster's last good poll, the stale flag told, and the upstream circuits. */
function upstreamGauges(registry: Registry) {
  let pollHealth: PollHealth = { lastSuccessAt: () => Promise.resolve(null), stale: () => false };
  const lastSuccessNow = () => pollHealth.lastSuccessAt().catch(() => null);
  new Gauge({
    name: 'relay_poll_last_success_timestamp_seconds',
    help: 'When a poll cycle of the cluster last read every upstream stream (0: none yet)',
    registers: [registry],
    async collect() {
      this.set(((await lastSuccessNow()) ?? 0) / 1000);
    },
  });
  new Gauge({
    name: 'relay_poll_staleness_seconds',
    help: 'Seconds since the last poll cycle that read every upstream stream (-1: none yet)',
    registers: [registry],
    async collect() {
      const at = await lastSuccessNow();
      this.set(at === null ? -1 : Math.max(0, (Date.now() - at) / 1000));
    },
  });
  new Gauge({
    name: 'relay_stale',
    help: 'Whether clients are told the data is stale (1) or fresh (0)',
    registers: [registry],
    collect() {
      this.set(pollHealth.stale() ? 1 : 0);
    },
  });
  new Gauge({
    name: 'relay_upstream_circuit_open',
    help: 'Whether calls to an upstream service fail at once, its circuit open (1), or not (0)',
    labelNames: ['service'] as const,
    registers: [registry],
    collect() {
      for (const [service, open] of circuitStates()) this.set({ service }, open ? 1 : 0);
    },
  });
  return {
    /** Sets where the poll gauges read the last good poll and the stale flag. */
    pollHealthFrom(health: PollHealth) {
      pollHealth = health;
    },
  };
}

/** HTTP answers and their times, and the delivery lag of change sets. */
function requestMetrics(registry: Registry) {
  const httpAnswers = new Counter({
    name: 'relay_http_answers_total',
    help: 'HTTP answers, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'relay_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const deliveryLag = new Histogram({
    name: 'relay_delivery_lag_seconds',
    help: 'From a change set committed to the read model until this instance emits it, by stream',
    labelNames: ['stream'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  return {
    /** Counts and times one answered HTTP request. */
    answered({ method, route, status, seconds }: Answered) {
      httpAnswers.inc({ method, route, status: String(status) });
      httpDuration.observe(
        { method, route, status_class: `${Math.floor(status / 100)}xx` },
        seconds,
      );
    },
    /** Records a change set's delivery lag once fan-out has emitted it. */
    delivered(stream: StreamName, committedAt: number) {
      deliveryLag.observe({ stream }, Math.max(0, Date.now() - committedAt) / 1000);
    },
  };
}

/** The poll's cycles, their time, its failed reads, and the change messages sent to rooms. */
function pollMetrics(registry: Registry) {
  return {
    polls: new Counter({
      name: 'relay_polls_total',
      help: 'Poll cycles run by this instance, by outcome',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    pollDuration: new Histogram({
      name: 'relay_poll_duration_seconds',
      help: 'Duration of a poll cycle',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    upstreamErrors: new Counter({
      name: 'relay_upstream_errors_total',
      help: 'Failed upstream reads of a poll, by stream',
      labelNames: ['stream'] as const,
      registers: [registry],
    }),
    changesSent: new Counter({
      name: 'relay_changes_sent_total',
      help: 'Change and snapshot messages sent to rooms, by event',
      labelNames: ['event'] as const,
      registers: [registry],
    }),
    shed: new Counter({
      name: 'relay_shed_total',
      help: 'Work refused at once while the relay was saturated: REST reads (503) and new sockets',
      labelNames: ['what'] as const,
      registers: [registry],
    }),
    resumes: new Counter({
      name: 'relay_resume_total',
      help: 'Subscribes resuming from a seq, by outcome (changes, current, reload, refused)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
  };
}
