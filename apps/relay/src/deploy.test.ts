import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkConfig, DEPLOY_CFG, loopbackConfig } from './reliability/haproxy.testkit.js';

const COMPOSE = fileURLToPath(new URL('../../../docker-compose.yml', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Service {
  image?: string;
  command?: string[];
  deploy?: { replicas?: number };
  ports?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[] | string };
  restart?: string;
}

let services: Record<string, Service>;
let volumes: Record<string, unknown>;
let cfg: string;
beforeAll(async () => {
  const compose = parse(await readFile(COMPOSE, 'utf8')) as {
    services: Record<string, Service>;
    volumes?: Record<string, unknown>;
  };
  services = compose.services;
  volumes = compose.volumes ?? {};
  cfg = await readFile(DEPLOY_CFG, 'utf8');
});

const service = (name: string): Service => {
  const s = services[name];
  if (!s) throw new Error(`docker-compose.yml has no service '${name}'`);
  return s;
};
/** The named volume mounted at `target`, if that mount is a declared named volume. */
const namedVolumeAt = (s: Service, target: string) => {
  const mount = s.volumes?.find((v) => v.split(':')[1] === target);
  const name = mount?.split(':')[0];
  return name && name in volumes ? name : undefined;
};

describe('docker-compose.yml, the production shape', () => {
  it('runs at least two relays and publishes no relay port, so --scale relay=N works', () => {
    const relay = service('relay');
    expect(relay.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(relay.ports).toBeUndefined();
  });

  it('puts HAProxy with deploy/haproxy/haproxy.cfg in front: the only way to the relays', () => {
    const balancer = service('balancer');
    expect(balancer.image).toMatch(/^haproxy:/);
    expect(balancer.volumes).toContain(
      './deploy/haproxy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro',
    );
    expect(balancer.ports).toEqual([`8080:${balancer.environment?.HAPROXY_PORT}`]);
    // The template finds the relay service's replicas on the port they listen on.
    const template = /^\s*server-template relay \S+ (\S+) /m.exec(cfg)?.[1];
    expect(template).toBe(`relay:${service('relay').environment?.PORT}`);
    // Nothing else takes the console's port on the host.
    const owners = Object.entries(services)
      .filter(([, s]) => s.ports?.some((p) => p.startsWith('8080:')))
      .map(([name]) => name);
    expect(owners).toEqual(['balancer']);
  });

  it('gives every service a health check and a restart policy; the relay is checked on /readyz', () => {
    for (const [name, s] of Object.entries(services)) {
      expect(s.healthcheck?.test?.length, `${name} health check`).toBeGreaterThan(0);
      expect(['always', 'unless-stopped', 'on-failure'], `${name} restart`).toContain(s.restart);
    }
    expect(JSON.stringify(service('relay').healthcheck?.test)).toContain('/readyz');
  });

  it('keeps Redis with AOF on a volume and PostgreSQL on a volume, and points the relay at both', () => {
    const redis = service('redis');
    expect(redis.command?.join(' ')).toMatch(/--appendonly yes/);
    expect(namedVolumeAt(redis, '/data')).toBeDefined();
    const postgres = service('postgres');
    expect(namedVolumeAt(postgres, '/var/lib/postgresql/data')).toBeDefined();
    const pg = postgres.environment ?? {};
    const relay = service('relay');
    expect(relay.environment?.DATABASE_URL).toBe(
      `postgres://${pg.POSTGRES_USER}:${pg.POSTGRES_PASSWORD}@postgres:5432/${pg.POSTGRES_DB}`,
    );
    expect(relay.environment?.REDIS_URL).toBe('redis://redis:6379');
    for (const dep of ['redis', 'postgres'])
      expect(relay.depends_on?.[dep]?.condition).toBe('service_healthy');
  });
});

describe('deploy/haproxy/haproxy.cfg', () => {
  it('is valid for haproxy as compose mounts it and as the reliability suite runs it', async () => {
    const asDeployed = checkConfig(DEPLOY_CFG);
    expect(asDeployed.ok, asDeployed.output).toBe(true);
    const dir = await mkdtemp(path.join(tmpdir(), 'haproxy-check-'));
    try {
      const file = path.join(dir, 'haproxy.cfg');
      await writeFile(file, await loopbackConfig([8081, 8082], path.join(dir, 'admin.sock')));
      const loopback = checkConfig(file, { HAPROXY_NO_WEBSOCKET_PORT: '8083' });
      expect(loopback.ok, loopback.output).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('pins long-polling sessions with a cookie, sends traffic only to ready relays and keeps WebSockets open', () => {
    // A polling session lives on the relay that opened it: a cookie of each server's own.
    expect(cfg).toMatch(/^\s*cookie \S+ insert .*\bdynamic\b/m);
    expect(cfg).toMatch(/^\s*dynamic-cookie-key /m);
    expect(cfg).toMatch(/^\s*option httpchk GET \/readyz$/m);
    expect(cfg).toMatch(/^\s*http-check expect status 200$/m);
    expect(cfg).toMatch(/^\s*default-server check /m);
    // A killed relay's requests go to another one rather than fail.
    expect(cfg).toMatch(/^\s*option redispatch$/m);
    expect(cfg).toMatch(/^\s*timeout tunnel \S+$/m);
  });
});

/** One stage of a Dockerfile: its name, what it is built FROM, and its instructions in order. */
interface Stage {
  readonly name: string;
  readonly from: string;
  readonly lines: string[];
}

/** The stages of a Dockerfile, continuation lines joined and comments left out. */
const stagesOf = (text: string): Stage[] => {
  const stages: Stage[] = [];
  const joined = text.replace(/\\\n\s*/g, ' ');
  for (const raw of joined.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const from = /^FROM (\S+) AS (\S+)$/i.exec(line);
    if (from) stages.push({ name: from[2] ?? '', from: from[1] ?? '', lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  return stages;
};

describe('deploy/Dockerfile, a lean image', () => {
  let stages: Stage[];
  let ignored: string[];
  beforeAll(async () => {
    stages = stagesOf(await readFile(path.join(ROOT, 'deploy/Dockerfile'), 'utf8'));
    ignored = (await readFile(path.join(ROOT, 'deploy/Dockerfile.dockerignore'), 'utf8'))
      .split('\n')
      .filter((l) => l !== '' && !l.startsWith('#'));
  });
  const stage = (name: string): Stage => {
    const s = stages.find((x) => x.name === name);
    if (!s) throw new Error(`deploy/Dockerfile has no stage '${name}'`);
    return s;
  };
  /** The stages `name` is built on, itself first. */
  const lineage = (name: string): Stage[] => {
    const s = stages.find((x) => x.name === name);
    return s ? [s, ...lineage(s.from)] : [];
  };

  it("installs from the manifests before the sources are copied, every workspace's manifest included", async () => {
    const root = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
      workspaces: string[];
    };
    const copied = stage('manifests').lines.filter((l) => l.startsWith('COPY '));
    for (const ws of root.workspaces) {
      expect(copied, ws).toContain(`COPY ${ws}/package.json ${ws}/`);
    }
    expect(copied).toContain('COPY package.json package-lock.json ./');
    const build = stage('build').lines;
    const install = build.findIndex((l) => /^RUN npm ci\b/.test(l));
    const sources = build.indexOf('COPY . .');
    expect(install).toBeGreaterThanOrEqual(0);
    expect(sources).toBeGreaterThan(install);
    expect(stage('build').from).toBe('manifests');
  });

  it.each([
    ['relay', 'apps/relay'],
    ['upstream-sim', 'apps/upstream-sim'],
  ])(
    'the %s image holds its production dependencies and built folders only, as a non-root user',
    (target, workspace) => {
      const lines = lineage(target).flatMap((s) => s.lines);
      const copies = lines.filter((l) => l.startsWith('COPY '));
      // Nothing of the build tree but dist folders: no sources, tests or dev dependencies.
      for (const c of copies.filter((l) => l.includes('--from=build'))) {
        expect(c, c).toMatch(/^COPY --from=build \/app\/\S+\/dist(-ssr)? \S+\/dist(-ssr)?$/);
      }
      expect(copies.some((c) => c === 'COPY . .')).toBe(false);
      // Its dependencies come from a stage that installed only this workspace's, without dev.
      const deps = copies
        .map((c) => /^COPY --from=(\S+) /.exec(c)?.[1])
        .filter((from): from is string => from !== undefined && from !== 'build');
      expect(deps).toHaveLength(1);
      const install = stage(deps[0] ?? '').lines.find((l) => l.startsWith('RUN npm ci'));
      expect(install).toMatch(/--omit=dev/);
      expect(install).toMatch(new RegExp(`-w ${workspace}( |$)`));
      expect(copies).toContain(`COPY --from=build /app/${workspace}/dist ${workspace}/dist`);
      expect(lines).toContain('USER node');
      // The embedded database's folder is the node user's.
      expect(lines.some((l) => /chown node:node \/app\/\.data/.test(l))).toBe(true);
    },
  );

  it('checks health without starting a Node process', () => {
    for (const target of ['relay', 'upstream-sim']) {
      const check = stage(target).lines.find((l) => l.startsWith('HEALTHCHECK '));
      expect(check, target).toMatch(/CMD \["bash", "-c", /);
      expect(check).not.toMatch(/"node"/);
    }
    expect(stage('relay').lines.find((l) => l.startsWith('HEALTHCHECK '))).toContain('/readyz');
  });

  it('keeps secrets, local data, results and profiles out of the build context', () => {
    for (const entry of ['.env', '.data', '**/node_modules', '**/dist', 'bench/results']) {
      expect(ignored, entry).toContain(entry);
    }
    expect(ignored.some((l) => l.includes('cpuprofile'))).toBe(true);
  });

  it("answers the relay's health check by the readiness status, with bash alone", async () => {
    const check = stage('relay').lines.find((l) => l.startsWith('HEALTHCHECK '));
    const script = JSON.parse(/CMD (\[.*\])$/.exec(check ?? '')?.[1] ?? '[]') as string[];
    expect(script.slice(0, 2)).toEqual(['bash', '-c']);
    let status = 200;
    const server = createServer((req, res) => {
      res.statusCode = req.url === '/readyz' ? status : 404;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    // The check runs as a child (the server answers on this event loop meanwhile).
    const run = () =>
      new Promise<number | null>((resolve) => {
        const child = spawn('bash', ['-c', (script[2] ?? '').replace('/8080', `/${port}`)], {
          timeout: 5000,
        });
        child.on('exit', (code) => resolve(code));
      });
    try {
      expect(await run()).toBe(0);
      status = 503;
      expect(await run()).not.toBe(0);
    } finally {
      server.close();
    }
  });
});
