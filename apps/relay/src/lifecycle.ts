/**
 * A relay's life after it is wired: start (load the read model and the poll in the background,
 * migrate the database, listen), readiness, drain and an ordered stop.
 *
 * Invariants: /readyz says ready only while the store answers, the read model is loaded and the
 * relay is not draining; a stop closes what takes new work first (sockets, HTTP, the poll) and
 * what holds data last (the read model, the store, the database).
 */
import type { Server as HttpServer } from 'node:http';
import type { RelayBackend } from './backend.js';
import type { RelayConfig } from './config.js';
import type { RelayDatabase } from './db/database.js';
import type { PollScheduler } from './ingest/scheduler.js';
import { logger } from './log.js';
import { startMetricsServer } from './metricsEndpoint.js';
import type { ReadModel } from './readModel/api.js';
import { retryPauseMs } from './readModel/mirror.js';

const log = logger('main');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long a start waits for the database's migrations before it listens anyway. */
const MIGRATION_WAIT_MS = 10_000;

/** What a relay's life runs on. */
export interface LifecycleParts {
  readonly config: RelayConfig;
  readonly backend: RelayBackend;
  readonly readModel: ReadModel;
  readonly scheduler: PollScheduler;
  readonly database: RelayDatabase;
  readonly http: HttpServer;
  readonly metricsRegistry: Parameters<typeof startMetricsServer>[0];
  /** What stops with the relay after its sockets and before its HTTP server (in order). */
  readonly closeFirst: readonly (() => Promise<unknown>)[];
}

/** Whether a relay can serve, and the first reason why not (for /readyz and the ready gauge). */
export interface Readiness {
  readonly ready: boolean;
  readonly reason: 'draining' | 'store unreachable' | 'read model loading' | null;
  readonly redis: boolean | null;
}

export class RelayLifecycle {
  private loaded = false;
  private stopping = false;
  private loading: Promise<boolean> = Promise.resolve(false);
  private metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
  /** Set by drain on SIGTERM and by stop: /readyz answers 503 from then on. */
  draining = false;
  private readonly stopWatching: () => void;

  constructor(private readonly parts: LifecycleParts) {
    // While the store does not answer, this instance's clients are told stale.
    this.stopWatching = parts.backend.watch((reachable) =>
      parts.readModel.setStoreReachable(reachable),
    );
  }

  /**
   * Whether this instance can serve (its store answers and its lists are loaded), and if not the
   * first reason why, so a balancer's log says what to fix. An upstream outage is not a reason
   * (every instance would drain, although the last snapshot is served): it shows in /readyz's body
   * and in the status clients get.
   */
  async readiness(): Promise<Readiness> {
    const redis = await this.parts.backend.storeAnswers();
    const reason = this.draining
      ? 'draining'
      : redis === false
        ? 'store unreachable'
        : !this.loaded || this.parts.readModel.referralIndex.status().loading
          ? 'read model loading'
          : null;
    return { ready: reason === null, reason, redis };
  }

  /** The port of the Prometheus listener once started (null when it could not listen). */
  metricsPort(): number | null {
    return this.metricsServer?.port ?? null;
  }

  /** Resolves true once the read model is loaded and the poll started, false if stopped first. */
  whenLoaded(): Promise<boolean> {
    return this.loading;
  }

  /**
   * Loads the read model and starts polling in the background as soon as the store answers (see
   * whenLoaded), and listens once the database is migrated (or after MIGRATION_WAIT_MS). Answers
   * the port.
   */
  async start(port: number): Promise<number> {
    const { http, database, backend } = this.parts;
    // The read model and the poll need the store only: they load beside the database's start
    // (the embedded database opens on a thread of its own: a fresh folder takes seconds).
    this.loading = this.load();
    // Migrated before listening when the database answers; while it does not, the relay serves
    // reads and answers writes 503 until it does. A failed migration stops the start.
    const migrated = database.start();
    const waited = await Promise.race([
      migrated.then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), MIGRATION_WAIT_MS).unref()),
    ]);
    if (!waited) migrated.catch((err: unknown) => log.error({ err }, 'database start failed'));
    await new Promise<void>((resolve) => http.listen(port, resolve));
    this.metricsServer = await startMetricsServer(
      this.parts.metricsRegistry,
      this.parts.config.metricsPort,
    );
    // What an older build kept in the store moves once both the store and the database answer.
    void Promise.all([migrated, this.loading]).then(
      async ([, ready]) => {
        if (ready) await backend.moveToDatabase(database);
      },
      () => undefined,
    );
    const address = http.address();
    return typeof address === 'object' && address ? address.port : port;
  }

  /**
   * The first step of a graceful stop: /readyz answers 503 from now on, so a balancer sends no
   * new client here, while everything else keeps serving until stop().
   */
  drain(): void {
    this.draining = true;
    // The poll moves to another relay now, not when this one's lease lapses.
    void this.parts.scheduler.resign();
  }

  /** Stops in order: new connections, sockets, polling, the read model, the store's connections. */
  async stop(): Promise<void> {
    const { http, scheduler, readModel, backend, database } = this.parts;
    this.draining = true;
    this.stopping = true;
    this.stopWatching();
    // A load waiting for Redis gives up within its pause (2 s at most).
    await Promise.race([this.loading, new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
    for (const close of this.parts.closeFirst) await close();
    await new Promise<void>((resolve) => http.close(() => resolve()));
    await this.metricsServer?.close();
    await scheduler.stop();
    readModel.stop();
    await backend.store.close();
    await database.close();
    backend.disconnect();
  }

  /**
   * Waits for the store, loads the read model and starts the poll, retrying each step with a
   * growing pause until it works or the relay stops. Meanwhile the relay listens: /healthz 200,
   * /readyz 503 saying why.
   */
  private async load(): Promise<boolean> {
    const { backend, readModel, scheduler } = this.parts;
    // Memory answers null (nothing to wait for); only a store that says false is waited for.
    for (let attempt = 0; (await backend.storeAnswers()) === false; attempt += 1) {
      if (this.stopping) return false;
      if (attempt === 0) log.warn(`waiting for ${backend.name}: not ready until it answers`);
      await pause(retryPauseMs(attempt));
    }
    for (let attempt = 0; ; attempt += 1) {
      if (this.stopping) return false;
      try {
        await readModel.start();
        break;
      } catch (err) {
        log.warn({ err, attempt }, 'could not load the read model; retrying');
        await pause(retryPauseMs(attempt));
      }
    }
    if (this.stopping) return false;
    await scheduler.start();
    this.loaded = true;
    return true;
  }
}
