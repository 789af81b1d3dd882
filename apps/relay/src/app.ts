import { audienceOf, ROUTES, type AuditEntry } from '@referrals/shared';
import { createServer, type Server as HttpServer } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import express from 'express';
import compression from 'compression';
import helmet from 'helmet';
import { createBackend } from './backend.js';
import { createProfileResolver } from './auth/profile.js';
import { createTokenVerifier } from './auth/verify.js';
import type { RelayConfig } from './config.js';
import { adminRoutes } from './http/admin.js';
import { expressRoutes } from './http/adapter.js';
import type { GatewayDeps } from './http/deps.js';
import { marketplaceRoutes } from './http/marketplaces.js';
import { preferenceRoutes } from './http/preferences.js';
import { audited, auditLogRoutes } from './http/audited.js';
import { databaseAuditLog } from './db/auditLog.js';
import { openDatabase } from './db/database.js';
import { databasePreferences } from './db/preferences.js';
import { databasePipeline } from './db/pipeline.js';
import { databaseReturns } from './db/returns.js';
import { pipelineRoutes } from './http/pipeline.js';
import { acquiredRoutes } from './http/acquired.js';
import { commitRecord } from './changeLog/directCommit.js';
import { NOTICE_ID, type NoticeStream } from './keys.js';
import { listHintRoutes } from './http/listHints.js';
import { withOpenApi } from './http/openapi/openApiRoute.js';
import { referralRoutes } from './http/referrals.js';
import { sessionRoutes } from './http/session.js';
import { logger } from './log.js';
import { createMetrics } from './metrics.js';
import { publicMetrics, startMetricsServer } from './metricsEndpoint.js';
import { observeRequests } from './http/observe.js';
import { createPoller } from './ingest/poller.js';
import { createPageReader } from './ingest/pages/pageReader.js';
import { ReferralSync } from './ingest/referrals/referralSync.js';
import { pollSources } from './ingest/sources.js';
import { createHostedReadModel } from './readModel/host/hostedReadModel.js';
import type { ReadModel } from './readModel/api.js';
import { retryPauseMs } from './readModel/mirror.js';
import { attachRealtime } from './realtime/server.js';
import { serverRendered, startSsr } from './ssr/serverRendered.js';
import { staticWeb } from './ssr/staticWeb.js';
import { browserTraces } from './tracing/browserTraces.js';
import { createUpstreamClient } from './upstream/client.js';

const log = logger('main');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function contentSecurityPolicy(config: RelayConfig) {
  const oidc = new URL(config.oidcPublicUrl).origin;
  return {
    useDefaults: true,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      // MUI (emotion) injects style elements at run time.
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'connect-src': ["'self'", 'ws:', 'wss:', oidc],
      'frame-src': [oidc],
      'form-action': ["'self'", oidc],
      'upgrade-insecure-requests': null,
    },
  };
}

/** The whole relay, wired but not listening. */
export function createRelay(config: RelayConfig) {
  // Redis or memory is decided here, once: the rest of the relay only uses what it gives.
  const backend = createBackend(config);
  const { store, pollClock, coordination } = backend;
  const metrics = createMetrics();

  const upstreamHttp = {
    basicUser: config.upstreamBasicUser,
    timeoutMs: config.upstreamTimeoutMs,
    maxBodyBytes: config.upstreamMaxBodyBytes,
  };
  const upstream = createUpstreamClient(config, upstreamHttp);
  // Pages of the referral list are fetched, parsed and hashed on a worker thread.
  const pageReader = createPageReader(config.opportunityUrl, { http: upstreamHttp });
  const referralSync = new ReferralSync(
    store,
    (q, keep) => pageReader.read(q, keep),
    (id) => upstream.referralRaw(id),
    {
      slackMs: config.pollSlackMs,
      loadBudgetMs: config.pollIntervalMs / 2,
      intervalMs: config.pollIntervalMs,
    },
  );
  const poller = createPoller(store, pollSources(upstream), referralSync);
  const runPoll = async () => {
    const outcome = await poller.pollOnce();
    if (!outcome.status.stale) await pollClock.noteSuccess(Date.now());
    metrics.pollDuration.observe(outcome.durationMs / 1000);
    metrics.polls.inc({ outcome: outcome.status.stale ? 'stale' : 'ok' });
    for (const s of outcome.streams) if (!s.ok) metrics.upstreamErrors.inc({ stream: s.stream });
  };
  const scheduler = backend.scheduler(runPoll);

  const readModel: ReadModel = createHostedReadModel(store);
  // While the store does not answer, this instance's clients are told stale.
  const stopWatching = backend.watch((reachable) => readModel.setStoreReachable(reachable));
  // Set by start once the read model is loaded and the poll runs, and by drain on SIGTERM.
  let loaded = false;
  let draining = false;
  let stopping = false;
  let loading: Promise<boolean> = Promise.resolve(false);
  const verify = createTokenVerifier({
    issuer: `${config.oidcPublicUrl}/realms/${config.oidcRealm}`,
    jwksUrl: `${config.oidcUrl}/realms/${config.oidcRealm}/protocol/openid-connect/certs`,
    clientId: config.oidcClientId,
  });
  const profiles = createProfileResolver(upstream);
  const deps: GatewayDeps = {
    readModel,
    upstream,
    profiles,
    // A write already applied upstream must not fail because its follow-up poll could not be
    // queued (Redis away): the next scheduled poll brings the change in.
    pollNow: () =>
      scheduler.pollNow().catch((err: unknown) => log.warn({ err }, 'could not ask for a poll')),
    withLock: (key, fn) => coordination.withLock(key, fn),
    now: () => new Date(),
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(observeRequests((a) => metrics.answered(a)));
  app.use(
    helmet({
      contentSecurityPolicy: contentSecurityPolicy(config),
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    }),
  );
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/readyz', (_req, res) => {
    void (async () => {
      const { ready, reason, redis: redisOk } = await readiness();
      const status = readModel.status.get('poll');
      const upstreamOk = status ? !status.stale : false;
      const lists = readModel.referralIndex.status();
      // Writes need the database; reads do not, so its outage shows here but does not drain.
      const databaseOk = await database.ping();
      res.status(ready ? 200 : 503).json({
        ready,
        reason,
        draining,
        store: store.kind,
        redis: redisOk,
        upstream: upstreamOk,
        failing: status?.failing ?? [],
        // The first load's progress (any instance), and this instance's referral poll figures.
        loading: status?.loading ?? null,
        poll: referralSync.stats(),
        // Which relay of the cluster polls (null while the lease changes hands).
        pollOwner: await scheduler.owner().catch(() => null),
        lists,
        database: databaseOk,
      });
    })();
  });
  app.get('/metrics', publicMetrics(metrics.registry, config.metricsToken));
  app.use(browserTraces(config.tracing));
  const database = openDatabase(config.database);
  if (config.database.kind === 'pglite') {
    log.warn(`no DATABASE_URL: user data in embedded PGlite at ${config.database.dir}`);
  }
  const auditLog = databaseAuditLog(database);
  // Each finished entry goes to every instance's Audit Log screens through the read model.
  const publish = (stream: NoticeStream, record: object) =>
    void commitRecord(store, stream, record, () => NOTICE_ID, Date.now());
  const publishAudit = (entry: AuditEntry) => publish('auditLog', entry);
  const pipelineStore = databasePipeline(database);
  const returnStore = databaseReturns(database);
  const routes = withOpenApi([
    ...sessionRoutes(deps, config),
    ...referralRoutes(deps),
    ...listHintRoutes(deps),
    ...marketplaceRoutes(deps),
    ...adminRoutes(deps),
    ...preferenceRoutes(databasePreferences(database)),
    ...auditLogRoutes(auditLog),
    ...acquiredRoutes(deps, pipelineStore, returnStore),
    ...pipelineRoutes(deps, {
      pipeline: pipelineStore,
      returns: returnStore,
      audit: auditLog,
      publish,
    }),
  ]);
  const served = audited(routes, auditLog, profiles, publishAudit);
  app.use(expressRoutes(served, verify, coordination));
  const ssrRenderer = startSsr(config);
  if (existsSync(config.webDist)) {
    // The web app's scripts are most of what a first visit downloads: send them compressed.
    app.use(compression());
    app.use(staticWeb(config.webDist));
    // The public feed: its first rows rendered on the server (else the app shell, below).
    if (ssrRenderer) app.get(`/${ROUTES.publicReferrals}`, serverRendered(ssrRenderer, readModel));
    // Client-side routes: every other GET gets the app shell.
    app.get(/^\/(?!api\/|socket\.io\/).*/, (_req, res) => {
      res.sendFile(path.join(config.webDist, 'index.html'), {
        cacheControl: false,
        headers: { 'Cache-Control': 'no-cache' },
      });
    });
  } else {
    app.get('/', (_req, res) => {
      res
        .type('text/plain')
        .send('The relay is running; the web app is not built yet (npm run build -w apps/web).');
    });
  }

  const http: HttpServer = createServer(app);
  const realtime = attachRealtime(http, {
    allowedOrigins: config.allowedOrigins,
    verify,
    readModel,
    profiles,
    // No Socket.IO adapter links the instances: each emits to its own sockets from its own mirror
    // of the change log in Redis, which is what crosses instances. Recovery stays off in a cluster
    // (a client may come back to another instance); clients resync by seq either way.
    stateRecovery: backend.stateRecovery,
    onEmit: (event) => metrics.changesSent.inc({ event }),
    onDelivered: (stream, committedAt) => metrics.delivered(stream, committedAt),
  });
  metrics.countSocketsWith(() => {
    const counts = { public: 0, agent: 0, carrier: 0, admin: 0 };
    for (const s of realtime.io.of('/').sockets.values()) {
      counts[audienceOf(s.data.principal?.access ?? null)] += 1;
    }
    return counts;
  });

  /**
   * Whether this instance can serve (its store answers and its lists are loaded), and if not the
   * first reason why, so a balancer's log says what to fix: /readyz and the ready gauge. An
   * upstream outage is not a reason (every instance would drain, although the last snapshot is
   * served): it shows in /readyz's body and in the status clients get.
   */
  async function readiness() {
    const redisOk = await backend.storeAnswers();
    const reason = draining
      ? 'draining'
      : redisOk === false
        ? 'store unreachable'
        : !loaded || readModel.referralIndex.status().loading
          ? 'read model loading'
          : null;
    return { ready: reason === null, reason, redis: redisOk };
  }
  metrics.pollHealthFrom({
    lastSuccessAt: () => pollClock.lastSuccessAt(),
    // No status yet is no good poll yet.
    stale: () => readModel.liveStatus().every((s) => s.stale),
  });
  // The test of /readyz, read at each scrape.
  metrics.readyWith(async () => (await readiness()).ready);
  metrics.pollOwnerWith(() => scheduler.owns());
  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | undefined;

  /**
   * Waits for the store, loads the read model and starts the poll, retrying each step with a
   * growing pause until it works or the relay stops. Meanwhile the relay listens: /healthz 200,
   * /readyz 503 saying why.
   */
  async function load(): Promise<boolean> {
    // Memory answers null (nothing to wait for); only a store that says false is waited for.
    for (let attempt = 0; (await backend.storeAnswers()) === false; attempt += 1) {
      if (stopping) return false;
      if (attempt === 0) log.warn(`waiting for ${backend.name}: not ready until it answers`);
      await pause(retryPauseMs(attempt));
    }
    for (let attempt = 0; ; attempt += 1) {
      if (stopping) return false;
      try {
        await readModel.start();
        break;
      } catch (err) {
        log.warn({ err, attempt }, 'could not load the read model; retrying');
        await pause(retryPauseMs(attempt));
      }
    }
    if (stopping) return false;
    await scheduler.start();
    loaded = true;
    return true;
  }

  return {
    app,
    http,
    realtime,
    readModel,
    scheduler,
    store,
    poller,
    /** The REST routes served, as the route tables give them. */
    routes: served,
    /** The port of the Prometheus listener once started (null when it could not listen). */
    metricsPort: () => metricsServer?.port ?? null,
    /**
     * Loads the read model and starts polling in the background as soon as the store answers
     * (see loaded()), and listens once the database is migrated (or after 10 s). Answers the port.
     */
    async start(port = config.port): Promise<number> {
      // The read model and the poll need the store only: they load beside the database's start
      // (the embedded database opens on a thread of its own: a fresh folder takes seconds).
      loading = load();
      // Migrated before listening when the database answers; while it does not, the relay serves
      // reads and answers writes 503 until it does. A failed migration stops the start.
      const migrated = database.start();
      const waited = await Promise.race([
        migrated.then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 10_000).unref()),
      ]);
      if (!waited) {
        migrated.catch((err: unknown) => log.error({ err }, 'database start failed'));
      }
      await new Promise<void>((resolve) => http.listen(port, resolve));
      metricsServer = await startMetricsServer(metrics.registry, config.metricsPort);
      // What an older build kept in the store moves once both the store and the database answer.
      void Promise.all([migrated, loading]).then(
        async ([, ready]) => {
          if (ready) await backend.moveToDatabase(database);
        },
        () => undefined,
      );
      const address = http.address();
      return typeof address === 'object' && address ? address.port : port;
    },
    /** Resolves true once the read model is loaded and the poll started, false if stopped first. */
    loaded: (): Promise<boolean> => loading,
    /**
     * The first step of a graceful stop: /readyz answers 503 from now on, so a balancer sends no
     * new client here, while everything else keeps serving until stop().
     */
    drain(): void {
      draining = true;
      // The poll moves to another relay now, not when this one's lease lapses.
      void scheduler.resign();
    },
    /** Stops in order: new connections, sockets, polling, the read model, the store's connections. */
    async stop(): Promise<void> {
      draining = true;
      stopping = true;
      stopWatching();
      // A load waiting for Redis gives up within its pause (2 s at most).
      await Promise.race([loading, new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
      // Closing the sockets' transports: clients reconnect by themselves (to another instance
      // behind a balancer), as after any dropped connection.
      await realtime.close();
      await ssrRenderer?.close();
      await pageReader.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await metricsServer?.close();
      await scheduler.stop();
      readModel.stop();
      await store.close();
      await database.close();
      backend.disconnect();
    },
  };
}
export type Relay = ReturnType<typeof createRelay>;
