/**
 * The whole relay wired together: ingest (the poll), the change log, the read model host, the
 * REST routes, the sockets and the web app, in one process. Each stage is built here and handed
 * what it needs; no stage imports this file.
 */
import { audienceOf, ROUTES, type AgencySettingsNotice, type AuditEntry } from '@referrals/shared';
import { createServer, type Server as HttpServer } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import express from 'express';
import compression from 'compression';
import helmet from 'helmet';
import { createBackend } from './backend.js';
import { createProfileResolver } from './auth/profile.js';
import { createTokenVerifier, type TokenVerifier } from './auth/verify.js';
import type { RelayConfig } from './config.js';
import { adminRoutes } from './http/admin.js';
import { expressRoutes } from './http/adapter.js';
import type { GatewayDeps } from './http/deps.js';
import { marketplaceRoutes } from './http/marketplaces.js';
import { preferenceRoutes } from './http/preferences.js';
import { audited, auditLogRoutes } from './http/audited.js';
import { databaseAuditLog } from './db/auditLog.js';
import { openDatabase, type RelayDatabase } from './db/database.js';
import { databasePreferences } from './db/preferences.js';
import { databasePipeline } from './db/pipeline.js';
import { databaseReturns } from './db/returns.js';
import { databaseSelfServe } from './db/selfServe.js';
import { marketplaceContext } from './http/marketplaces/context.js';
import { startPauseClock } from './http/marketplaces/pauseClock.js';
import { announcingSelfServe } from './http/marketplaces/settingsNotices.js';
import { pipelineRoutes } from './http/pipeline.js';
import { acquiredRoutes } from './http/acquired.js';
import { contactRoutes } from './http/contact.js';
import { databaseContactTargets } from './db/contactTarget.js';
import { commitRecord } from './changeLog/directCommit.js';
import { NOTICE_ID, type NoticeStream } from './keys.js';
import { listHintRoutes } from './http/listHints.js';
import { withOpenApi } from './http/openapi/openApiRoute.js';
import { referralRoutes } from './http/referrals.js';
import { sessionRoutes } from './http/session.js';
import { logger } from './log.js';
import { createMetrics } from './metrics.js';
import { publicMetrics } from './metricsEndpoint.js';
import { Pressure, type PressureGauge } from './pressure.js';
import { RelayLifecycle, type Readiness } from './lifecycle.js';
import { observeRequests } from './http/observe.js';
import { createPoller } from './ingest/poller.js';
import { createPageReader } from './ingest/pages/pageReader.js';
import { ReferralSync } from './ingest/referrals/referralSync.js';
import { pollSources } from './ingest/sources.js';
import { createHostedReadModel } from './readModel/host/hostedReadModel.js';
import type { ReadModel } from './readModel/api.js';
import { attachRealtime } from './realtime/server.js';
import { attachPresence } from './realtime/presence/presenceSockets.js';
import { presenceRoutes } from './http/presence/presenceRoutes.js';
import { createTeam, type Team } from './presence/team.js';
import { serverRendered, startSsr } from './ssr/serverRendered.js';
import { staticWeb } from './ssr/staticWeb.js';
import { browserTraces } from './tracing/browserTraces.js';
import { createUpstreamClient } from './upstream/client.js';

const log = logger('main');

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

type Metrics = ReturnType<typeof createMetrics>;
type Backend = ReturnType<typeof createBackend>;

/** The poll: upstream reads, the referral sync on its page reader, and its scheduler. */
function wireIngest(config: RelayConfig, backend: Backend, metrics: Metrics) {
  const upstreamHttp = {
    basicUser: config.upstreamBasicUser,
    timeoutMs: config.upstreamTimeoutMs,
    maxBodyBytes: config.upstreamMaxBodyBytes,
  };
  const upstream = createUpstreamClient(config, upstreamHttp);
  // Pages of the referral list are fetched, parsed and hashed on a worker thread.
  const pageReader = createPageReader(config.opportunityUrl, { http: upstreamHttp });
  const referralSync = new ReferralSync(
    backend.store,
    (q, keep) => pageReader.read(q, keep),
    (id) => upstream.referralRaw(id),
    {
      slackMs: config.pollSlackMs,
      loadBudgetMs: config.pollIntervalMs / 2,
      intervalMs: config.pollIntervalMs,
    },
  );
  const poller = createPoller(backend.store, pollSources(upstream), referralSync);
  const runPoll = async () => {
    const outcome = await poller.pollOnce();
    if (!outcome.status.stale) await backend.pollClock.noteSuccess(Date.now());
    metrics.pollDuration.observe(outcome.durationMs / 1000);
    metrics.polls.inc({ outcome: outcome.status.stale ? 'stale' : 'ok' });
    for (const s of outcome.streams) if (!s.ok) metrics.upstreamErrors.inc({ stream: s.stream });
  };
  const scheduler = backend.scheduler(runPoll);
  return { upstream, pageReader, referralSync, poller, scheduler };
}

/** The Express app's first layers: request metrics, security headers, /healthz and /metrics. */
function baseApp(config: RelayConfig, metrics: Metrics) {
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
  app.get('/metrics', publicMetrics(metrics.registry, config.metricsToken));
  app.use(browserTraces(config.tracing));
  return app;
}

/** What /readyz reports beside readiness. */
interface ReadyzParts {
  readonly readModel: ReadModel;
  readonly backend: Backend;
  readonly database: RelayDatabase;
  readonly ingest: ReturnType<typeof wireIngest>;
  readonly readiness: () => Promise<Readiness>;
  readonly draining: () => boolean;
}

/** /readyz: 200 when this instance can serve, 503 saying why not, with what each part says. */
function readyz(p: ReadyzParts): express.RequestHandler {
  return (_req, res) => {
    void (async () => {
      const { ready, reason, redis } = await p.readiness();
      const status = p.readModel.status.get('poll');
      res.status(ready ? 200 : 503).json({
        ready,
        reason,
        draining: p.draining(),
        store: p.backend.store.kind,
        redis,
        upstream: status ? !status.stale : false,
        failing: status?.failing ?? [],
        // The first load's progress (any instance), and this instance's referral poll figures.
        loading: status?.loading ?? null,
        poll: p.ingest.referralSync.stats(),
        // Which relay of the cluster polls (null while the lease changes hands).
        pollOwner: await p.ingest.scheduler.owner().catch(() => null),
        lists: p.readModel.referralIndex.status(),
        // Writes need the database; reads do not, so its outage shows here but does not drain.
        database: await p.database.ping(),
      });
    })();
  };
}

/** The REST routes with their contract, audited; and the pause clock, which shares their parts. */
function restRoutes(
  deps: GatewayDeps,
  config: RelayConfig,
  database: RelayDatabase,
  owns: () => boolean,
  team: Team,
) {
  const auditLog = databaseAuditLog(database);
  // Each finished entry goes to every instance's Audit Log screens through the read model.
  const publish = (stream: NoticeStream, record: object) =>
    void commitRecord(deps.readModel.store, stream, record, () => NOTICE_ID, Date.now());
  const publishAudit = (entry: AuditEntry) => publish('auditLog', entry);
  const pipelineStore = databasePipeline(database);
  const returnStore = databaseReturns(database);
  // Each kept change of a pause or of cap bounds is announced to the agency's screens.
  const selfServe = announcingSelfServe(
    databaseSelfServe(database),
    (id) => deps.readModel.marketplaces.get(id),
    (notice) => publish('agencySettings', notice),
    deps.now,
  );
  const marketplaces = marketplaceContext(deps);
  const pauseClock = startPauseClock(
    marketplaces,
    {
      store: selfServe,
      audit: auditLog,
      published: publishAudit,
      // Not before the database is open and migrated (embedded, it opens on its own thread
      // after the relay listens): a window is applied once it can be read, never warned about.
      owns: () => database.isReady() && owns(),
    },
    config.pollIntervalMs,
  );
  const routes = withOpenApi([
    ...sessionRoutes(deps, config),
    ...referralRoutes(deps),
    ...listHintRoutes(deps),
    ...marketplaceRoutes(deps, selfServe, marketplaces),
    ...adminRoutes(deps),
    ...preferenceRoutes(databasePreferences(database)),
    ...auditLogRoutes(auditLog),
    ...acquiredRoutes(deps, pipelineStore, returnStore),
    // A changed contact target is announced to the agency's screens (they read it again).
    ...contactRoutes(
      deps,
      { targets: databaseContactTargets(database), claims: auditLog, pipeline: pipelineStore },
      ({ agencyId }) => {
        if (agencyId === null) return;
        const notice: AgencySettingsNotice = {
          agencyId,
          marketplaceId: null,
          setting: 'contactTarget',
          at: deps.now().toISOString(),
        };
        publish('agencySettings', notice);
      },
    ),
    ...pipelineRoutes(deps, {
      pipeline: pipelineStore,
      returns: returnStore,
      audit: auditLog,
      publish,
    }),
    ...presenceRoutes(team),
  ]);
  return { routes: audited(routes, auditLog, deps.profiles, publishAudit), pauseClock };
}

/** The web app: its files, the public feed rendered on the server, the app shell for the rest. */
function mountWeb(app: express.Express, config: RelayConfig, readModel: ReadModel) {
  const ssrRenderer = startSsr(config);
  if (!existsSync(config.webDist)) {
    app.get('/', (_req, res) => {
      res
        .type('text/plain')
        .send('The relay is running; the web app is not built yet (npm run build -w apps/web).');
    });
    return ssrRenderer;
  }
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
  return ssrRenderer;
}

/** The sockets on the HTTP server, counted by audience for the metrics. */
function wireSockets(
  http: HttpServer,
  config: RelayConfig,
  parts: {
    deps: GatewayDeps;
    backend: Backend;
    metrics: Metrics;
    verify: TokenVerifier;
    pressure: PressureGauge;
  },
) {
  const { deps, backend, metrics } = parts;
  const realtime = attachRealtime(http, {
    allowedOrigins: config.allowedOrigins,
    verify: parts.verify,
    readModel: deps.readModel,
    profiles: deps.profiles,
    // No Socket.IO adapter links the instances: each emits to its own sockets from its own mirror
    // of the change log in Redis, which is what crosses instances. Recovery stays off in a cluster
    // (a client may come back to another instance); clients resync by seq either way.
    stateRecovery: backend.stateRecovery,
    onEmit: (event) => metrics.changesSent.inc({ event }),
    onDelivered: (stream, committedAt) => metrics.delivered(stream, committedAt),
    onResume: (outcome) => metrics.resumes.inc({ outcome }),
    pressure: parts.pressure,
    onShed: () => metrics.shed.inc({ what: 'socket' }),
  });
  metrics.countSocketsWith(() => {
    const counts = { public: 0, agent: 0, carrier: 0, admin: 0 };
    for (const s of realtime.io.of('/').sockets.values()) {
      counts[audienceOf(s.data.principal?.access ?? null)] += 1;
    }
    return counts;
  });
  return realtime;
}

/** The verifier of the OIDC provider's access tokens. */
const tokenVerifier = (config: RelayConfig): TokenVerifier =>
  createTokenVerifier({
    issuer: `${config.oidcPublicUrl}/realms/${config.oidcRealm}`,
    jwksUrl: `${config.oidcUrl}/realms/${config.oidcRealm}/protocol/openid-connect/certs`,
    clientId: config.oidcClientId,
  });

/** What the REST routes and sockets are handed: the read model, upstream, polls and locks. */
function gatewayDeps(
  backend: Backend,
  ingest: ReturnType<typeof wireIngest>,
  readModel: ReadModel,
): GatewayDeps {
  return {
    readModel,
    upstream: ingest.upstream,
    profiles: createProfileResolver(ingest.upstream),
    // A write already applied upstream must not fail because its follow-up poll could not be
    // queued (Redis away): the next scheduled poll brings the change in.
    pollNow: () =>
      ingest.scheduler
        .pollNow()
        .catch((err: unknown) => log.warn({ err }, 'could not ask for a poll')),
    withLock: (key, fn) => backend.coordination.withLock(key, fn),
    now: () => new Date(),
  };
}

/** The whole relay, wired but not listening. */
export function createRelay(config: RelayConfig) {
  // Redis or memory is decided here, once: the rest of the relay only uses what it gives.
  const backend = createBackend(config);
  const metrics = createMetrics();
  const ingest = wireIngest(config, backend, metrics);
  const readModel: ReadModel = createHostedReadModel(backend.store);
  const verify = tokenVerifier(config);
  const deps = gatewayDeps(backend, ingest, readModel);
  const database = openDatabase(config.database);
  if (config.database.kind === 'pglite')
    log.warn(`no DATABASE_URL: user data in embedded PGlite at ${config.database.dir}`);

  const app = baseApp(config, metrics);
  // Team presence and holds (presence/): one set of rules for REST and sockets, over the backend's store.
  const team = createTeam({ ...deps, store: backend.presence, now: () => Date.now() });
  const { routes: served, pauseClock } = restRoutes(
    deps,
    config,
    database,
    () => ingest.scheduler.owns(),
    team,
  );
  const http: HttpServer = createServer(app);
  const pressure = new Pressure((saturated, p99Ms) =>
    log.warn(
      { saturated, eventLoopDelayP99Ms: Math.round(p99Ms) },
      saturated ? 'saturated: refusing reads and new sockets' : 'no longer saturated',
    ),
  );
  const realtime = wireSockets(http, config, { deps, backend, metrics, verify, pressure });
  const presence = attachPresence(realtime.io, {
    team,
    store: backend.presence,
    now: () => Date.now(),
  });
  let ssrRenderer: ReturnType<typeof mountWeb> = null;
  const life = new RelayLifecycle({
    config,
    backend,
    readModel,
    scheduler: ingest.scheduler,
    database,
    http,
    metricsRegistry: metrics.registry,
    // Closing the sockets' transports: clients reconnect by themselves (to another instance
    // behind a balancer), as after any dropped connection.
    closeFirst: [
      () => Promise.resolve(pressure.stop()),
      () => realtime.close(),
      async () => ssrRenderer?.close(),
      () => ingest.pageReader.close(),
      () => pauseClock.stop(),
      () => {
        presence.stop();
        return backend.presence.close();
      },
    ],
  });
  const readiness = () => life.readiness();
  app.get(
    '/readyz',
    readyz({ readModel, backend, database, ingest, readiness, draining: () => life.draining }),
  );
  app.use(
    expressRoutes(served, verify, backend.coordination, {
      pressure,
      onShed: () => metrics.shed.inc({ what: 'rest' }),
    }),
  );
  pressure.start();
  ssrRenderer = mountWeb(app, config, readModel);
  metrics.pollHealthFrom({
    lastSuccessAt: () => backend.pollClock.lastSuccessAt(),
    // No status yet is no good poll yet.
    stale: () => readModel.liveStatus().every((s) => s.stale),
  });
  // The test of /readyz, read at each scrape.
  metrics.readyWith(async () => (await readiness()).ready);
  metrics.pollOwnerWith(() => ingest.scheduler.owns());

  return {
    app,
    http,
    realtime,
    /** Team presence on this relay's sockets (its refresh runs on a timer; tests call it). */
    presence,
    readModel,
    scheduler: ingest.scheduler,
    store: backend.store,
    poller: ingest.poller,
    /** The REST routes served, as the route tables give them. */
    routes: served,
    /** The port of the Prometheus listener once started (null when it could not listen). */
    metricsPort: () => life.metricsPort(),
    /** See RelayLifecycle.start. */
    start: (port = config.port): Promise<number> => life.start(port),
    /** Resolves true once the read model is loaded and the poll started, false if stopped first. */
    loaded: (): Promise<boolean> => life.whenLoaded(),
    /** See RelayLifecycle.drain. */
    drain: (): void => life.drain(),
    /** See RelayLifecycle.stop. */
    stop: (): Promise<void> => life.stop(),
  };
}
export type Relay = ReturnType<typeof createRelay>;
