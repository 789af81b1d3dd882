/**
 * Debian's haproxy with the deploy configuration in front of loopback relays, for the
 * reliability tests. Invariant: the configuration tested is the deploy one, with only its Docker
 * discovery line replaced.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitFor } from './process.testkit.js';

/** Debian's haproxy (`.ci/run` installs it where missing). */
export const HAPROXY = '/usr/sbin/haproxy';
/** The balancer configuration docker-compose.yml mounts. */
export const DEPLOY_CFG = fileURLToPath(
  new URL('../../../../deploy/haproxy/haproxy.cfg', import.meta.url),
);
const TEMPLATE = /^\s*server-template relay .*$/m;

/**
 * The deploy configuration with its one Docker-only line (the `server-template` that finds the
 * compose replicas through DNS) replaced by loopback servers, plus what a test adds: a second
 * frontend that refuses WebSocket upgrades, as a corporate proxy does, and an admin socket.
 */
export async function loopbackConfig(servers: readonly number[], socket: string): Promise<string> {
  const text = await readFile(DEPLOY_CFG, 'utf8');
  if (!TEMPLATE.test(text)) throw new Error(`${DEPLOY_CFG} has no 'server-template relay' line`);
  const lines = servers.map((port, i) => `  server relay${i + 1} 127.0.0.1:${port}`);
  return [
    text.replace(TEMPLATE, lines.join('\n')),
    'global',
    `  stats socket ${socket} level admin`,
    '',
    'frontend no_websocket',
    '  bind 127.0.0.1:"${HAPROXY_NO_WEBSOCKET_PORT}"',
    '  http-request deny deny_status 403 if { hdr(upgrade) -i websocket }',
    '  default_backend relays',
    '',
  ].join('\n');
}

/** `haproxy -c` on a configuration file: its verdict and output. */
export function checkConfig(file: string, env: Record<string, string> = {}) {
  const run = spawnSync(HAPROXY, ['-c', '-f', file], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

/** One command on haproxy's admin socket; answers its reply. */
function adminCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const conn = connect(socket);
    let reply = '';
    conn.on('connect', () => conn.end(`${command}\n`));
    conn.on('data', (d: Buffer) => (reply += d.toString()));
    conn.on('end', () => resolve(reply));
    conn.on('error', reject);
  });
}

/**
 * Debian's haproxy with the deploy configuration in front of loopback relays (`servers`, their
 * ports; a port nobody listens on stands for a relay not started yet). `url` is the console as
 * users reach it, `noWebSocketUrl` the same through a proxy that refuses upgrades.
 */
export async function startHaproxy(servers: readonly number[]) {
  const dir = await mkdtemp(path.join(tmpdir(), 'haproxy-'));
  const socket = path.join(dir, 'admin.sock');
  const file = path.join(dir, 'haproxy.cfg');
  await writeFile(file, await loopbackConfig(servers, socket));
  const [port, noWebSocketPort] = [await freePort(), await freePort()];
  const env = {
    HAPROXY_PORT: String(port),
    HAPROXY_NO_WEBSOCKET_PORT: String(noWebSocketPort),
  };
  const checked = checkConfig(file, env);
  if (!checked.ok) throw new Error(`haproxy -c refused the configuration:\n${checked.output}`);
  const proc = spawn(HAPROXY, ['-db', '-f', file], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    'haproxy up',
    async () => {
      if (proc.exitCode !== null) throw new Error(`haproxy exited: ${stderr}`);
      return fetch(`${url}/haproxy-health`).then(
        (r) => r.ok,
        () => false,
      );
    },
    10_000,
    50,
  );
  return {
    url,
    noWebSocketUrl: `http://127.0.0.1:${noWebSocketPort}`,
    stderr: () => stderr,
    /** Points server relay{n} (1-based) at another loopback port, as DNS would a new replica. */
    async setServer(n: number, serverPort: number): Promise<void> {
      const reply = await adminCommand(
        socket,
        `set server relays/relay${n} addr 127.0.0.1 port ${serverPort}`,
      );
      if (!/changed|no need to change/i.test(reply)) throw new Error(`haproxy: ${reply}`);
    },
    /** Each server's operational state as haproxy sees it ('UP', 'DOWN', ...). */
    async serverStates(): Promise<Record<string, string>> {
      const csv = await adminCommand(socket, 'show stat');
      const states: Record<string, string> = {};
      for (const row of csv.split('\n')) {
        const [proxy, name, ...rest] = row.split(',');
        if (proxy === 'relays' && name?.startsWith('relay')) states[name] = rest[15] ?? '';
      }
      return states;
    },
    async stop(): Promise<void> {
      if (proc.exitCode === null && proc.signalCode === null) {
        const exited = new Promise((resolve) => proc.once('exit', resolve));
        proc.kill('SIGKILL');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
export type Haproxy = Awaited<ReturnType<typeof startHaproxy>>;
