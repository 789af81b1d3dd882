/**
 * Starting the relay's worker threads from the sources or from the build alike. Invariant: a
 * worker runs the same module its caller names, .ts through tsx in development, .js when built.
 */
import { Worker } from 'node:worker_threads';

/**
 * Starts the worker thread whose entry is `name` (without extension) beside the module `here`
 * (its `import.meta.url`). Run from the TypeScript sources (tests, `npm run dev`), the worker loads
 * them through tsx with the workspace's source condition; run from the build, it is plain
 * `<name>.js`.
 */
export function startWorker(here: string, name: string, workerData: unknown): Worker {
  if (!here.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, here), { workerData });
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL(`./${name}.ts`, here).href;
  return new Worker(
    `(async () => {
      (await import(${JSON.stringify(tsx)})).register();
      await import(${JSON.stringify(entry)});
    })();`,
    { eval: true, workerData, execArgv: ['--conditions=@referrals/source'] },
  );
}
