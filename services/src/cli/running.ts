// While `npm start` runs it writes DATA_DIR/running.json (scripts/start.js): the embedded engine's
// URI and the public URL. Tools such as `npm run invite` use them, because the engine's data
// directory is locked by the running engine and a second engine cannot open it.
import fs from 'node:fs';
import path from 'node:path';

export const RUNNING_FILE = 'running.json';

export interface RunningInfo {
  pid: number;
  /** null when npm start used an external MONGODB_URI (not written to disk). */
  mongodbUri: string | null;
  publicUrl: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running `npm start`'s info, or null when none runs on this DATA_DIR. */
export function readRunning(dataDir: string): RunningInfo | null {
  try {
    const info = JSON.parse(fs.readFileSync(path.join(dataDir, RUNNING_FILE), 'utf8')) as RunningInfo;
    if (typeof info.pid !== 'number' || !alive(info.pid)) return null;
    return info;
  } catch {
    return null;
  }
}
