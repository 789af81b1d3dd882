// `npm start`: the stand-in upstream (with its realm) and the relay on one machine.
// PORT (relay, default 8080) and SIM_PORT (stand-in, default 8090) are honoured; the relay is
// pointed at the stand-in, and SIM_CONTROLS passes through to it. Ctrl-C stops both.
// Redis: REDIS_URL when given (then the relay requires it); otherwise the machine's Redis on
// 127.0.0.1:6379 when one answers at start, else the relay runs alone on memory and says so.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
// Built by `npm start` before this runs.
import { RELAY_NODE_FLAGS } from '../apps/relay/dist/nodeFlags.js';

const env = process.env;
const simPort = env.SIM_PORT ?? '8090';
const port = env.PORT ?? '8080';
const sim = `http://localhost:${simPort}`;

const children = [];
function run(name, script, extraEnv, nodeFlags = []) {
  const child = spawn(process.execPath, [...nodeFlags, script], {
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(`${name} exited (${signal ?? code}); stopping\n`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(
    children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.on('exit', r)))),
  ).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

run('upstream-sim', 'apps/upstream-sim/dist/main.js', {
  SIM_PORT: simPort,
  SIM_CONSOLE_ORIGINS: env.SIM_CONSOLE_ORIGINS ?? `http://localhost:${port},http://localhost:5173`,
});

// The relay verifies tokens against the realm's keys: start it once the stand-in answers.
for (let i = 0; i < 100; i += 1) {
  const up = await fetch(`${sim}/healthz`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  await sleep(100);
}
/** Whether a Redis answers PING at the default local address (within a second). */
function localRedisAnswers() {
  return new Promise((resolve) => {
    const socket = connect(6379, '127.0.0.1');
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => done(String(d).startsWith('+PONG')));
    socket.on('error', () => done(false));
  });
}
const LOCAL_REDIS = 'redis://127.0.0.1:6379';
const redisUrl = env.REDIS_URL || ((await localRedisAnswers()) ? LOCAL_REDIS : '');
if (!env.REDIS_URL && redisUrl) process.stdout.write(`Redis answers at ${LOCAL_REDIS}: using it\n`);

run(
  'relay',
  'apps/relay/dist/main.js',
  {
    REDIS_URL: redisUrl,
    // The one relay this starts: with a Redis and no DATABASE_URL its user data stays in PGlite.
    RELAY_ALONE: env.RELAY_ALONE ?? '1',
    // One relay, no balancer to drain to: Ctrl-C stops it at once.
    SHUTDOWN_GRACE_MS: env.SHUTDOWN_GRACE_MS ?? '0',
    PORT: port,
    SIM_PORT: simPort,
    UPSTREAM_URL: env.UPSTREAM_URL ?? sim,
    OIDC_URL: env.OIDC_URL ?? sim,
  },
  RELAY_NODE_FLAGS,
);
