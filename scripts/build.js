#!/usr/bin/env node
// `npm run build` (also the first step of `npm start` and `npm test`): `nx run-many -t build`, but a
// package whose build inputs and outputs are both as they were after the last build is left out, so
// its dist/ is not touched at all.
//
// Why: on a cache hit nx copies the outputs back from .nx/cache whether or not they are already in
// place (only the nx daemon can tell it they are, and the daemon is off: no background process
// outlives a command). Every start then deleted and rewrote every file under every dist/, and a
// second `npm start`, `npm run invite` or the browser tests in the same checkout could read a file
// that was missing or half-written at that moment.
//
// How: after every build this script records, per package, a fingerprint of its build inputs and
// the state of its outputs (node_modules/.cache/skillquiz-build.json). The fingerprint covers at
// least what nx hashes (nx.json: the "production" files of the package and of every workspace
// package it depends on, transitively, the shared globals), plus the lockfile, the root
// package.json and .gitignore, and the Node version: files as git lists them (tracked and untracked,
// not ignored), contents hashed. The outputs' state is every output file's size, mtime, inode and
// content hash: a file whose stat changed but whose bytes did not (`tsc -b` touches timestamps)
// still counts as unchanged. A package is built (by nx, from its cache or not) when either differs, or
// nothing is recorded; the others are left alone (`--exclude-task-dependencies`: their outputs are
// already what nx would restore). Nothing to build: nx is not run at all.
//
// Extra arguments (e.g. `npm run build -- --skip-nx-cache`) go to nx, which builds every package.
// Without git (a checkout that is not a work tree) every package is built as before.
'use strict';

const { spawnSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const STATE_FILE = path.join(ROOT, 'node_modules', '.cache', 'skillquiz-build.json');
const NX_PACKAGE = require.resolve('nx/package.json', { paths: [ROOT] });
const NX = path.join(path.dirname(NX_PACKAGE), require(NX_PACKAGE).bin.nx);
const nxJson = JSON.parse(fs.readFileSync(path.join(ROOT, 'nx.json'), 'utf8'));

const log = (line) => console.log(`[build] ${line}`);

function runNx(args) {
  const run = spawnSync(process.execPath, [NX, 'run-many', '-t', 'build', ...args], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (run.error) throw run.error;
  return run.status ?? 1;
}

/** The workspace's projects and their workspace dependencies, as nx sees them. */
function projectGraph() {
  const file = path.join(os.tmpdir(), `skillquiz-graph-${process.pid}-${Date.now()}.json`);
  const run = spawnSync(process.execPath, [NX, 'graph', `--file=${file}`], { cwd: ROOT, encoding: 'utf8' });
  try {
    if (run.status !== 0) throw new Error(`nx graph failed:\n${run.stdout}${run.stderr}`);
    const { graph } = JSON.parse(fs.readFileSync(file, 'utf8'));
    const projects = new Map();
    for (const [name, node] of Object.entries(graph.nodes))
      projects.set(name, {
        name,
        root: node.data.root,
        built: Boolean(node.data.targets?.build),
        deps: (graph.dependencies[name] ?? []).map((d) => d.target).filter((t) => graph.nodes[t]),
      });
    return projects;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** Files git would show (tracked and untracked, not ignored), relative to ROOT; null without git. */
function workspaceFiles() {
  const run = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0 || run.error) return null;
  return [...new Set(run.stdout.split('\0').filter(Boolean))].sort();
}

/** A glob of nx.json (`**`, `*`) relative to a project root, as a regular expression. */
function globRegex(glob) {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (glob.startsWith('**/', i)) {
      re += '(?:.*/)?';
      i += 2;
    } else if (glob.startsWith('**', i)) {
      re += '.*';
      i += 1;
    } else if (c === '*') re += '[^/]*';
    else re += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** The production inputs' exclusions (`!{projectRoot}/...` in nx.json), as regular expressions. */
const EXCLUDED = (nxJson.namedInputs?.production ?? [])
  .filter((p) => p.startsWith('!{projectRoot}/'))
  .map((p) => globRegex(p.slice('!{projectRoot}/'.length)));

/** The files outside the projects that count for every build: nx's shared globals and more. */
const GLOBALS = [
  ...(nxJson.namedInputs?.sharedGlobals ?? [])
    .filter((p) => p.startsWith('{workspaceRoot}/'))
    .map((p) => p.slice('{workspaceRoot}/'.length)),
  'package.json',
  'package-lock.json',
  '.gitignore',
];

const contentHashes = new Map();
function contentHash(file) {
  let h = contentHashes.get(file);
  if (h === undefined) {
    try {
      h = createHash('sha1')
        .update(fs.readFileSync(path.join(ROOT, file)))
        .digest('hex');
    } catch {
      h = 'missing';
    }
    contentHashes.set(file, h);
  }
  return h;
}

/** Per built project: a fingerprint of every input file of its build (see the top of this file). */
function fingerprints(projects, files) {
  const byProject = new Map();
  // The deepest project root holding a file owns it (a project inside another's folder).
  const roots = [...projects.values()].sort((a, b) => b.root.length - a.root.length);
  for (const file of files) {
    const owner = roots.find((p) => p.root && file.startsWith(`${p.root}/`));
    if (!owner) continue;
    const rel = file.slice(owner.root.length + 1);
    if (EXCLUDED.some((re) => re.test(rel))) continue;
    if (!byProject.has(owner.name)) byProject.set(owner.name, []);
    byProject.get(owner.name).push(file);
  }
  const closure = (name, seen = new Set()) => {
    if (seen.has(name)) return seen;
    seen.add(name);
    for (const d of projects.get(name)?.deps ?? []) closure(d, seen);
    return seen;
  };
  const result = new Map();
  for (const p of projects.values()) {
    if (!p.built) continue;
    const hash = createHash('sha256');
    hash.update(`node ${process.version} ${process.platform} ${process.arch}\n`);
    const inputs = [...closure(p.name)].flatMap((n) => byProject.get(n) ?? []);
    for (const file of [...new Set([...GLOBALS, ...inputs])].sort())
      hash.update(`${file}\0${contentHash(file)}\n`);
    result.set(p.name, hash.digest('hex'));
  }
  return result;
}

/** A build's outputs (nx.json targetDefaults.build.outputs) for one project root. */
function outputPaths(root) {
  const outputs = nxJson.targetDefaults?.build?.outputs ?? ['{projectRoot}/dist'];
  return outputs.map((o) => o.replace('{projectRoot}', root).replace('{workspaceRoot}/', ''));
}

/** Every output file's size, mtime and inode (what a rewrite changes) and content hash. */
function outputState(root, hashes = true) {
  const state = {};
  const visit = (rel) => {
    let st;
    try {
      st = fs.lstatSync(path.join(ROOT, rel));
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(path.join(ROOT, rel)).sort()) visit(`${rel}/${name}`);
    } else
      state[rel] = {
        stat: `${st.size}:${st.mtimeMs}:${st.ino}`,
        hash: hashes ? fileHash(path.join(ROOT, rel)) : null,
      };
  };
  for (const out of outputPaths(root)) visit(out);
  return state;
}

const fileHash = (file) => createHash('sha1').update(fs.readFileSync(file)).digest('hex');

/**
 * The output files that differ from what was recorded: added, removed, or of other content. A file
 * only touched (a new mtime, the same bytes: `tsc -b` updates timestamps) does not count.
 */
function changedOutputs(root, recorded) {
  const now = outputState(root, false);
  return [...new Set([...Object.keys(recorded), ...Object.keys(now)])].filter((f) => {
    const was = recorded[f];
    if (!was || !now[f]) return true;
    if (was.stat === now[f].stat) return false;
    return fileHash(path.join(ROOT, f)) !== was.hash;
  });
}

function readRecorded() {
  try {
    return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')).projects ?? {};
  } catch {
    return {};
  }
}

function record(projects) {
  fs.mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  const tmp = `${STATE_FILE}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify({ projects }, null, 1));
  fs.renameSync(tmp, STATE_FILE);
}

function main() {
  const extra = process.argv.slice(2);
  const files = workspaceFiles();
  if (!files) {
    log('not a git work tree: building every package');
    process.exit(runNx(extra));
  }
  const projects = projectGraph();
  const prints = fingerprints(projects, files);
  const recorded = readRecorded();
  const built = [...prints.keys()].sort();
  let stale = built;
  if (!extra.length) {
    const why = new Map();
    for (const name of built) {
      const was = recorded[name];
      if (!was) why.set(name, 'not built by this script yet');
      else if (was.fingerprint !== prints.get(name)) why.set(name, 'its inputs changed');
      else {
        const differ = changedOutputs(projects.get(name).root, was.outputs);
        if (differ.length || !Object.keys(was.outputs).length)
          why.set(
            name,
            `its outputs changed since the last build (${differ.slice(0, 2).join(', ') || 'none left'}${differ.length > 2 ? ', ...' : ''})`,
          );
      }
    }
    stale = built.filter((name) => why.has(name));
    if (stale.length === 0) {
      log(
        `nothing changed since the last build: the outputs of all ${built.length} packages left as they are`,
      );
      return;
    }
    if (stale.length < built.length)
      log(`${built.length - stale.length} of ${built.length} packages unchanged, left as they are`);
    for (const name of stale) log(`${name}: ${why.get(name)}`);
  }
  const code = runNx(extra.length ? extra : ['--projects', stale.join(','), '--exclude-task-dependencies']);
  const next = {};
  for (const name of built) {
    if (code !== 0 && stale.includes(name)) continue; // not known to be built: built again next time
    next[name] = { fingerprint: prints.get(name), outputs: outputState(projects.get(name).root) };
  }
  record(next);
  process.exit(code);
}

main();
