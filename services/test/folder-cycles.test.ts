// services/src has no folder-level import cycle: drawn folder by folder (every import of a file in one
// folder from a file in another), the folders form no loop. dependency-cruiser's no-circular rule sees
// file-level circles only; two folders can import each other through different files without one, and
// then neither can be understood, moved or tested without the other.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SRC = path.join(__dirname, '..', 'src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.ts$/.test(e.name) && !/\.(test|d)\.ts$/.test(e.name) ? [p] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts'), base])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

const folderOf = (file: string) => path.relative(SRC, path.dirname(file)).split(path.sep).join('/') || '.';

/** Folder → the folders its files import (a folder's own subfolders left out: they are inside it). */
function folderGraph(files: Record<string, string>): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const [file, text] of Object.entries(files)) {
    const from = folderOf(file);
    for (const ref of ts.preProcessFile(text, true, true).importedFiles) {
      if (!ref.fileName.startsWith('.')) continue;
      const target = resolve(file, ref.fileName);
      if (!target) continue;
      const to = folderOf(target);
      if (to === from || from.startsWith(`${to}/`) || to === '.') continue;
      if (!graph.has(from)) graph.set(from, new Map());
      graph.get(from)!.set(to, `${path.relative(SRC, file)} -> ${path.relative(SRC, target)}`);
    }
  }
  return graph;
}

/** The strongly connected groups of more than one folder (Tarjan), each with the imports that close it. */
function folderCycles(graph: Map<string, Map<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      onStack.delete(w);
      group.push(w);
      if (w === v) break;
    }
    if (group.length > 1)
      cycles.push(
        group
          .flatMap((a) => group.flatMap((b) => (graph.get(a)?.has(b) ? [graph.get(a)!.get(b)!] : [])))
          .sort(),
      );
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

describe('folder-level imports in services/src', () => {
  it('form no cycle', () => {
    const files = Object.fromEntries(sourceFiles(SRC).map((f) => [f, fs.readFileSync(f, 'utf8')]));
    expect(folderCycles(folderGraph(files))).toEqual([]);
  });

  it('is a check that can fail: two folders importing each other are a cycle', () => {
    // Real files of two sibling folders, each given an import of the other.
    const a = path.join(SRC, 'content', 'bank', 'atoms.ts');
    const b = path.join(SRC, 'content', 'review', 'router.ts');
    const files = { [a]: "import { x } from '../review/router';", [b]: "import { y } from '../bank/atoms';" };
    expect(folderCycles(folderGraph(files))).toEqual([
      [
        'content/bank/atoms.ts -> content/review/router.ts',
        'content/review/router.ts -> content/bank/atoms.ts',
      ],
    ]);
  });
});
