#!/usr/bin/env node
// skillquiz-mongo --port P --dbpath DIR [--host 127.0.0.1] [--no-fsync] [--compact-bytes N]
// Prints "skillquiz-mongo listening on <host>:<port>" once it accepts connections; SIGINT/SIGTERM stop it cleanly.
'use strict';
const { startEngine } = require('../dist/index.js');

function parseArgs(argv) {
  const opts = { port: 27017, host: '127.0.0.1', dbpath: undefined, fsync: true, compactBytes: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--port') opts.port = Number(next());
    else if (a === '--host' || a === '--bind_ip') opts.host = next();
    else if (a === '--dbpath') opts.dbpath = next();
    else if (a === '--no-fsync') opts.fsync = false;
    else if (a === '--compact-bytes') opts.compactBytes = Number(next());
    else if (a === '--help' || a === '-h') {
      process.stdout.write(
        'usage: skillquiz-mongo --port P --dbpath DIR [--host 127.0.0.1] [--no-fsync] [--compact-bytes N]\n',
      );
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  if (!opts.dbpath) throw new Error('--dbpath DIR is required');
  if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535)
    throw new Error('--port must be 0..65535');
  return opts;
}

async function main() {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`skillquiz-mongo: ${e.message}\n`);
    process.exit(2);
  }
  const engine = await startEngine(opts);
  process.stdout.write(`skillquiz-mongo listening on ${engine.host}:${engine.port}\n`);
  let stopping = false;
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    engine.stop().then(
      () => process.exit(0),
      (e) => {
        process.stderr.write(`skillquiz-mongo: error while stopping on ${signal}: ${e.message}\n`);
        process.exit(1);
      },
    );
  };
  // Every connection's errors are handled where they happen; anything that still escapes is a bug: log it and keep
  // serving the other connections (acknowledged writes are already in the journal either way).
  process.on('uncaughtException', (e) =>
    process.stderr.write(`skillquiz-mongo: unexpected error: ${e && e.stack ? e.stack : e}\n`),
  );
  process.on('unhandledRejection', (e) =>
    process.stderr.write(`skillquiz-mongo: unexpected rejection: ${e && e.stack ? e.stack : e}\n`),
  );
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e) => {
  process.stderr.write(`skillquiz-mongo: ${e.message}\n`);
  process.exit(1);
});
