// Runs an import's check (check.ts) in a worker thread of its own, one file at a time, so parsing
// and validating a big or hostile file never holds the event loop candidates are served on. The
// file's bytes are moved to the worker (transferred, not copied twice); the worker's heap is capped
// (IMPORT_LIMITS.WORKER_HEAP_MB) and it is stopped after IMPORT_LIMITS.CHECK_MS; its memory goes
// back when it ends. From services/dist the worker is the compiled import-worker.js; from the
// TypeScript sources (the jest tests run them in process) it compiles its own modules with swc, the
// compiler the tests use.
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ImportFormat } from '@skillquiz/contracts';
import { HttpError } from '../../platform';
import type { CheckedFile } from './check';
import type { WorkerReply } from './import-worker';
import { IMPORT_LIMITS, limitMessages } from './limits';

const COMPILED = path.join(__dirname, 'import-worker.js');
const SOURCE = path.join(__dirname, 'import-worker.ts');

/** From the sources only: a require hook that compiles .ts with @swc/core (a dev dependency). */
const SWC_BOOT = `
const fs = require('node:fs');
const { workerData } = require('node:worker_threads');
const swc = require(workerData.swc);
require.extensions['.ts'] = (module, filename) => {
  const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
require(workerData.entry);
`;

function startWorker(bytes: Uint8Array, format: ImportFormat | undefined): Worker {
  // Moved, not copied, when the bytes are the whole of their buffer (the upload, read by the router
  // in one Buffer.concat, is: the caller does not read it again); else a buffer of its own (a small
  // Buffer lives in Node's shared pool, which must not be moved).
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const own: Uint8Array<ArrayBuffer> =
    whole && bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
  const options = {
    transferList: [own.buffer],
    resourceLimits: {
      maxOldGenerationSizeMb: IMPORT_LIMITS.WORKER_HEAP_MB,
      maxYoungGenerationSizeMb: IMPORT_LIMITS.WORKER_YOUNG_MB,
    },
  };
  if (fs.existsSync(COMPILED) && __filename.endsWith('.js'))
    return new Worker(COMPILED, { ...options, workerData: { bytes: own, format } });
  return new Worker(SWC_BOOT, {
    ...options,
    eval: true,
    workerData: { bytes: own, format, entry: SOURCE, swc: require.resolve('@swc/core') },
  });
}

function checkInWorker(bytes: Uint8Array, format: ImportFormat | undefined): Promise<CheckedFile> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(bytes, format);
    let settled = false;
    const settle = (f: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      f();
    };
    const timer = setTimeout(
      () => settle(() => reject(new HttpError(413, limitMessages.time()))),
      IMPORT_LIMITS.CHECK_MS,
    );
    const items: CheckedFile['items'] = [];
    const checked: CheckedFile['checked'] = [];
    worker.on('message', (reply: WorkerReply) => {
      if (reply.ok && 'slice' in reply) {
        for (const i of reply.slice.items) items.push(i);
        for (const q of reply.slice.checked) checked.push(q);
        return;
      }
      settle(() => {
        if (reply.ok) resolve({ ...reply.done, items, checked });
        else if (reply.status === 500) reject(new Error(`import check failed: ${reply.message}`));
        else reject(new HttpError(reply.status, reply.message));
      });
    });
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() =>
        reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new HttpError(413, limitMessages.memory()) : err),
      ),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`the import check's worker exited with ${code} before it answered`))),
    );
  });
}

/**
 * One check at a time: two big files at once would take both cores from the candidates. One per app
 * (its import router makes it), so the checks an app runs wait for each other only.
 */
export class OffThreadChecks {
  private queue: Promise<unknown> = Promise.resolve();

  check(bytes: Uint8Array, format?: ImportFormat): Promise<CheckedFile> {
    const run = this.queue.then(() => checkInWorker(bytes, format));
    this.queue = run.catch(() => undefined);
    return run;
  }
}
