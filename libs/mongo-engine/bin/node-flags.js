// V8 flags and allocator settings the engine process runs with (bin/skillquiz-mongo.js re-executes itself with
// them; the benchmarks' engine child is started with them).
//
// --expose-gc: the engine collects once traffic stops after a burst (src/idle-gc.ts says why).
//
// --max-semi-space-size: V8 sizes the young generation from the machine's memory (64 MiB semi-spaces, 128 MiB
// resident, on a 24 GiB machine). Loading a big snapshot fills it once and it stays resident, mostly empty, for
// the life of the process: at 1M documents that was a fifth of the engine's memory. 16 MiB loaded as fast.
//
// env (glibc's malloc, read when the process starts; ignored elsewhere):
// - MALLOC_ARENA_MAX=2: glibc gives each allocating thread an arena of its own, and each kept the engine's
//   freed small buffers resident (docs/DECISIONS.md, engine memory).
// - MALLOC_MMAP_THRESHOLD_=1 MiB: slabs, snapshot chunks and large replies are buffers of megabytes allocated
//   and freed outside V8's heap. glibc raises its mmap threshold to the size of the largest block freed (up to
//   32 MiB), so after the first freed 16 MiB slab every such buffer came from the heap arenas, where freed
//   space stays resident (fragmented). A fixed threshold keeps each buffer of 1 MiB or more its own mapping,
//   returned to the system when freed. Not lower: at 128 KiB every compaction record (~150 KB) is mapped and
//   unmapped, and in back-to-back runs at load ~4 the longest write during a compaction at 1M documents was
//   95-550 ms with it against 90-170 ms without (under heavier load both spread to seconds, so this is a
//   suspicion, not a measurement). See docs/DECISIONS.md (engine memory).
'use strict';
const flags = ['--max-semi-space-size=16', '--expose-gc'];
const env = { MALLOC_MMAP_THRESHOLD_: '1048576', MALLOC_ARENA_MAX: '2' };

/** `base` (an environment) with the engine's allocator settings where it does not set them itself. */
function engineEnv(base) {
  const out = { ...base };
  for (const [k, v] of Object.entries(env)) if (out[k] === undefined) out[k] = v;
  return out;
}

module.exports = { flags, env, engineEnv };
