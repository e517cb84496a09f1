// A candidate for import-bench.js, on a thread of its own: it sends the quiz page's first call one
// after the other, GAP_MS apart, from 'start' until 'stop', and posts back each call's time. On the
// bench's own thread the same loop also timed the bench: reading a 10,000-row preview reply or
// building an upload held that thread, so the calls it delayed were counted against the services.
// A real candidate's browser is not held by the recruiter's upload.
'use strict';
const { parentPort, workerData } = require('node:worker_threads');

const { url, gapMs } = workerData;
let running = false;

async function sample() {
  const ms = [];
  while (running) {
    const t0 = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`candidate GET: ${res.status}`);
    ms.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, gapMs));
  }
  return ms;
}

let current = null;
parentPort.on('message', (msg) => {
  if (msg === 'start') {
    running = true;
    current = sample();
  } else if (msg === 'stop') {
    running = false;
    current.then(
      (ms) => parentPort.postMessage({ ms }),
      (err) => parentPort.postMessage({ error: String(err?.stack ?? err) }),
    );
  }
});
