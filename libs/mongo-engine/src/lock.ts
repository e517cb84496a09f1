// One engine per dbpath: a lock file holding the owner's pid. A lock left by a dead process (kill -9) is taken over.
import * as fs from 'node:fs';
import * as path from 'node:path';

export const LOCK_FILE = 'skillquiz-mongo.lock';
const heldHere = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A live pid could be a stranger that reused a dead engine's pid; on Linux, check it runs node. */
function couldBeEngine(pid: number): boolean {
  try {
    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return /node|skillquiz/i.test(cmd);
  } catch {
    return true; // no /proc: assume the worst and keep the lock
  }
}

export function acquireLock(dbpath: string): () => void {
  const file = path.join(path.resolve(dbpath), LOCK_FILE);
  if (heldHere.has(file))
    throw new Error(`skillquiz-mongo: dbpath ${dbpath} is already in use by another engine in this process`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, `${process.pid}\n`);
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        try {
          fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (
        Number.isInteger(owner) &&
        owner > 0 &&
        owner !== process.pid &&
        alive(owner) &&
        couldBeEngine(owner)
      )
        throw new Error(`skillquiz-mongo: dbpath ${dbpath} is locked by running process ${owner} (${file})`);
      fs.unlinkSync(file); // stale: its owner is gone
    }
  }
  throw new Error(`skillquiz-mongo: could not lock dbpath ${dbpath}`);
}
