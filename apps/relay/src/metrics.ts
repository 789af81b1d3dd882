import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** The relay's Prometheus metrics, on a registry of its own. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let countSockets: () => Record<string, number> = () => ({});
  new Gauge({
    name: 'relay_sockets',
    help: 'Connected sockets on this instance, by audience',
    labelNames: ['audience'] as const,
    registers: [registry],
    collect() {
      for (const [audience, n] of Object.entries(countSockets())) this.set({ audience }, n);
    },
  });
  return {
    registry,
    /** Sets how the sockets gauge counts, once the socket server exists. */
    countSocketsWith(fn: () => Record<string, number>) {
      countSockets = fn;
    },
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
    httpAnswers: new Counter({
      name: 'relay_http_answers_total',
      help: 'REST answers, by route and status',
      labelNames: ['route', 'status'] as const,
      registers: [registry],
    }),
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
