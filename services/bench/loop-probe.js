// Preloaded into the services process by import-bench.js (`--require`): the main thread's event-loop
// delay, read by the bench around each upload. On SIGUSR2 it writes `<seq> <max ms> <gc max ms>` (the
// longest delay and the longest garbage-collection pause of the main thread since the previous signal)
// to LOOP_PROBE_FILE and starts over, so the bench measures how long the loop the candidates are
// served on was held, and how much of that was the collector, apart from the network and the load.
'use strict';
const { isMainThread } = require('node:worker_threads');

if (isMainThread && process.env.LOOP_PROBE_FILE) {
  const fs = require('node:fs');
  const { monitorEventLoopDelay, PerformanceObserver } = require('node:perf_hooks');
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  let gcMax = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcMax = Math.max(gcMax, e.duration);
  }).observe({ entryTypes: ['gc'] });
  let seq = 0;
  process.on('SIGUSR2', () => {
    fs.writeFileSync(process.env.LOOP_PROBE_FILE, `${++seq} ${(h.max / 1e6).toFixed(1)} ${gcMax.toFixed(1)}`);
    h.reset();
    gcMax = 0;
  });
}
