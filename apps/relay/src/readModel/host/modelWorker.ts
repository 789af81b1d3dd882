/**
 * The entry of the read model host's thread (see remoteModel.ts): serves the read model on the
 * port to the relay's event loop. Its full collections (a 1.1-1.4 GB heap at 1,000,000 referrals)
 * hold this thread only.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { serveModel } from './modelServer.js';

if (!parentPort) throw new Error('modelWorker runs as a worker thread');
serveModel(parentPort, (workerData as { kind: 'redis' | 'memory' }).kind);
