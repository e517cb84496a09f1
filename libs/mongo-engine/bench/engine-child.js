// The engine as its own process for db-bench.js (as `npm start` runs it, with bin/node-flags.js), driven over the IPC channel so the
// benchmark can ask for a compaction and read the process's memory without any admin command on the wire.
'use strict';
const fs = require('node:fs');
const { startEngine } = require('../dist');

/** Peak resident set of this process (VmHWM), in bytes; 0 where /proc is missing. */
function peakRss() {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

let profiler = null;
const post = (method) =>
  new Promise((resolve, reject) => profiler.post(method, (err, res) => (err ? reject(err) : resolve(res))));

async function main() {
  const dbpath = process.argv[2];
  const started = performance.now();
  const engine = await startEngine({
    dbpath,
    port: 0,
    log: (msg) => process.send({ log: msg }),
  });
  // CPU time to here (user + system, with node's own start): what the open costs on a quiet machine, where
  // wall time under load also counts waiting for a core
  const cpu = process.cpuUsage();
  process.send({
    ready: true,
    uri: engine.uri,
    openMs: performance.now() - started,
    openCpuMs: (cpu.user + cpu.system) / 1000,
  });
  process.on('message', async (m) => {
    if (m === 'compact') {
      const t0 = performance.now();
      await engine.compact();
      process.send({ compacted: true, ms: performance.now() - t0 });
    } else if (m === 'memory') {
      process.send({ memory: true, ...process.memoryUsage(), peak: peakRss() });
    } else if (m === 'profile-start') {
      // a V8 CPU profile of what follows (the scale bench's BENCH_ENGINE_PROF: one per timed call)
      profiler = profiler ?? new (require('node:inspector').Session)();
      profiler.connect();
      await post('Profiler.enable');
      await post('Profiler.start');
      process.send({ profiling: true });
    } else if (m && m.profileStop) {
      const { profile } = await post('Profiler.stop');
      fs.writeFileSync(m.profileStop, JSON.stringify(profile));
      profiler.disconnect();
      process.send({ profiled: true });
    } else if (m === 'stop') {
      await engine.stop();
      process.exit(0);
    }
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
