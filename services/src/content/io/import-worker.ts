// The worker thread of an import's check (off-thread.ts starts one per file): reads the file handed
// over in workerData, checks it (check.ts) and posts back the result in slices of items as they are
// checked, then the rest, or the limit it went past.
import { constants, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { ImportFormat } from '@skillquiz/contracts';
import { checkFile, type CheckedFile } from './check';
import { ImportLimitError, limitMessages } from './limits';

export type WorkerReply =
  | { ok: true; slice: Pick<CheckedFile, 'items' | 'checked'> }
  | { ok: true; done: Omit<CheckedFile, 'items' | 'checked'> }
  | { ok: false; status: 400 | 413; message: string }
  | { ok: false; status: 500; message: string };

function run(): WorkerReply {
  const { bytes, format } = workerData as { bytes: Uint8Array; format?: ImportFormat };
  try {
    // each slice (CHECK_SLICE items: read on the services' main thread in a few ms) goes as it is made
    const {
      items: _items,
      checked: _checked,
      ...rest
    } = checkFile(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), format, (slice) =>
      parentPort!.postMessage({ ok: true, slice } satisfies WorkerReply),
    );
    return { ok: true, done: rest };
  } catch (err) {
    if (err instanceof ImportLimitError) return { ok: false, status: err.status, message: err.message };
    // a last guard: whatever recursion a limit missed is a refused file, not a crash
    if (err instanceof RangeError && /call stack/i.test(err.message))
      return { ok: false, status: 400, message: limitMessages.xmlDepth('the file') };
    return { ok: false, status: 500, message: (err as Error).stack ?? String(err) };
  }
}

/**
 * The check runs at the lowest CPU priority, so that on a busy machine a candidate's request (the
 * services' main thread, the database) gets a core before the import does. On Linux a priority set
 * with pid 0 is the calling thread's alone; elsewhere it would be the whole process's, so it is
 * left as it is there.
 */
function yieldToCandidates(): void {
  if (process.platform !== 'linux') return;
  try {
    setPriority(0, constants.priority.PRIORITY_LOW);
  } catch {
    // refused (some sandboxes): the check runs at the services' priority, as it did before
  }
}

yieldToCandidates();
parentPort!.postMessage(run());
