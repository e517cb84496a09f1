// The worker thread of an import's check (off-thread.ts starts one per file): reads the file handed
// over in workerData, checks it (check.ts) and posts back the result, or the limit it went past.
import { parentPort, workerData } from 'node:worker_threads';
import type { ImportFormat } from '@skillquiz/contracts';
import { checkFile } from './check';
import { ImportLimitError, limitMessages } from './limits';

export type WorkerReply =
  | { ok: true; result: ReturnType<typeof checkFile> }
  | { ok: false; status: 400 | 413; message: string }
  | { ok: false; status: 500; message: string };

function run(): WorkerReply {
  const { bytes, format } = workerData as { bytes: Uint8Array; format?: ImportFormat };
  try {
    return { ok: true, result: checkFile(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), format) };
  } catch (err) {
    if (err instanceof ImportLimitError) return { ok: false, status: err.status, message: err.message };
    // a last guard: whatever recursion a limit missed is a refused file, not a crash
    if (err instanceof RangeError && /call stack/i.test(err.message))
      return { ok: false, status: 400, message: limitMessages.xmlDepth('the file') };
    return { ok: false, status: 500, message: (err as Error).stack ?? String(err) };
  }
}

parentPort!.postMessage(run());
