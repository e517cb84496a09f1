// Preloaded into the services process by import-bench.js (`--require`): the main thread's event-loop
// delay, read by the bench around each upload. On SIGUSR2 it writes `<seq> <max ms>` (the longest
// delay since the previous signal) to LOOP_PROBE_FILE and starts over, so the bench measures how long
// the loop the candidates are served on was held, apart from the network and the machine's load.
'use strict';
const { isMainThread } = require('node:worker_threads');

if (isMainThread && process.env.LOOP_PROBE_FILE) {
  const fs = require('node:fs');
  const { monitorEventLoopDelay } = require('node:perf_hooks');
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  let seq = 0;
  process.on('SIGUSR2', () => {
    fs.writeFileSync(process.env.LOOP_PROBE_FILE, `${++seq} ${(h.max / 1e6).toFixed(1)}`);
    h.reset();
  });
}
