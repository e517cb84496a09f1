#!/usr/bin/env node
// skillquiz-mongo --port P --dbpath DIR [--host 127.0.0.1] [--no-fsync] [--compact-bytes N]
// Prints "skillquiz-mongo listening on <host>:<port>" once it accepts connections; SIGINT/SIGTERM stop it cleanly.
'use strict';
const { flags: NODE_FLAGS, env: ENGINE_ENV, engineEnv } = require('./node-flags');

// Run with the engine's V8 flags and allocator settings, whoever started us (npm start runs `node
// bin/skillquiz-mongo.js`): replace this process by one that has them. execve keeps the pid, open files and
// signals, so a supervisor sees no difference.
if (
  typeof process.execve === 'function' &&
  (!NODE_FLAGS.every((f) => process.execArgv.some((a) => a.split('=')[0] === f.split('=')[0])) ||
    Object.keys(ENGINE_ENV).some((k) => process.env[k] === undefined))
)
  process.execve(
    process.execPath,
    [
      process.execPath,
      ...NODE_FLAGS.filter((f) => !process.execArgv.some((a) => a.split('=')[0] === f.split('=')[0])),
      ...process.execArgv,
      __filename,
      ...process.argv.slice(2),
    ],
    engineEnv(process.env),
  );

const { parseArgs: parseArgv } = require('node:util');
const { startEngine } = require('../dist/index.js');

const USAGE =
  'usage: skillquiz-mongo --port P --dbpath DIR [--host 127.0.0.1] [--no-fsync] [--compact-bytes N]\n';

function parseArgs(argv) {
  const { values } = parseArgv({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string', default: '27017' },
      host: { type: 'string', default: '127.0.0.1' },
      bind_ip: { type: 'string' }, // mongod's name for --host
      dbpath: { type: 'string' },
      'no-fsync': { type: 'boolean', default: false },
      'compact-bytes': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  const opts = {
    port: Number(values.port),
    host: values.bind_ip ?? values.host,
    dbpath: values.dbpath,
    fsync: !values['no-fsync'],
    compactBytes: values['compact-bytes'] === undefined ? undefined : Number(values['compact-bytes']),
  };
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
