// V8 flags the engine process runs with (bin/skillquiz-mongo.js re-executes itself with them; the benchmark's
// engine child is started with them).
//
// --max-semi-space-size: V8 sizes the young generation from the machine's memory (64 MiB semi-spaces, 128 MiB
// resident, on a 24 GiB machine). Loading a big snapshot fills it once and it stays resident, mostly empty, for
// the life of the process: at 1M documents that was a fifth of the engine's memory. 16 MiB loaded as fast.
'use strict';
module.exports = ['--max-semi-space-size=16'];
