import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkConfig, DEPLOY_CFG, loopbackConfig } from './reliability/haproxy.testkit.js';

const COMPOSE = fileURLToPath(new URL('../../../docker-compose.yml', import.meta.url));

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
