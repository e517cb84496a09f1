// No module-level mutable state in services/src: everything an app holds (queues, transports,
// caches, monitors) is made by a composition root or the app factory and handed down (app.context,
// function arguments), so two apps in one process (the tests start several) never share it.
//
// Read with the TypeScript compiler API, per file: a top-level `let`/`var`, a top-level `new` of
// anything but a constant-building class, and any write to a top-level binding (assignment to it or
// through it, ++/--, or a mutating method call such as `.set`/`.add`/`.push` on it) fail the test,
// unless the binding is in ALLOWED below with the reason it is not app state.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SRC = path.join(__dirname, '..', 'src');

/**
 * Top-level bindings that are written to, or made with `new`, and still hold no app state: each with
 * why. Keyed `<path under src>:<name>`.
 */
const ALLOWED: Record<string, string> = {
  // Keyed by the connection it describes (a WeakMap): whether that connection's server runs
  // transactions, found once per connection; nothing of an app's.
  'platform/db/atomically.ts:support': 'a memo on the mongoose connection object, keyed by it',
  // Its counters are in the database (rate_limit_counters), shared by every process by design; the
  // instance holds only its name and budget.
  'hiring/after-create.ts:resendLimiter': 'a stateless limiter over database counters',
};

/** Classes whose top-level instances are constant values, not state. */
const CONSTANT_CLASSES = new Set(['Schema', 'RegExp', 'URL', 'Date', 'TextEncoder', 'TextDecoder', 'Error']);

/** Methods that change the Map, Set, array or object they are called on. */
const MUTATING_METHODS = new Set([
  'set',
  'add',
  'delete',
  'clear',
  'push',
  'pop',
  'shift',
  'unshift',
  'splice',
  'sort',
  'reverse',
  'fill',
  'copyWithin',
]);

export interface Finding {
  file: string;
  name: string;
  line: number;
  what: string;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}

/** The identifier an expression is rooted in: `a` for `a`, `a.b.c`, `a[0].b`, `(a as T).b`. */
function rootIdentifier(expr: ts.Expression): ts.Identifier | null {
  let e: ts.Expression = expr;
  for (;;) {
    if (ts.isIdentifier(e)) return e;
    if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) e = e.expression;
    else if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e))
      e = e.expression;
    else return null;
  }
}

/** Names a node's own scope declares (parameters and local declarations), shadowing top-level ones. */
function declaresLocally(scope: ts.Node, name: string): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (
      (ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isFunctionDeclaration(node)) &&
      node.name &&
      ts.isIdentifier(node.name) &&
      node.name.text === name
    )
      found = true;
    else if (ts.isBindingElement(node) && ts.isIdentifier(node.name) && node.name.text === name) found = true;
    else ts.forEachChild(node, visit);
  };
  if (ts.isFunctionLike(scope)) scope.parameters.forEach(visit);
  ts.forEachChild(scope, (child) => {
    if (!ts.isFunctionLike(child)) visit(child);
  });
  return found;
}

/** Whether `id` refers to the top-level binding of its name (no enclosing function shadows it). */
function isTopLevelReference(id: ts.Identifier, sourceFile: ts.SourceFile): boolean {
  for (let scope = id.parent; scope && scope !== sourceFile; scope = scope.parent)
    if ((ts.isFunctionLike(scope) || ts.isBlock(scope)) && declaresLocally(scope, id.text)) return false;
  return true;
}

export function findModuleState(file: string, text = fs.readFileSync(file, 'utf8')): Finding[] {
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const rel = path.relative(SRC, file).split(path.sep).join('/');
  const findings: Finding[] = [];
  const lineOf = (node: ts.Node) => sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const report = (name: string, node: ts.Node, what: string) => {
    if (!(`${rel}:${name}` in ALLOWED)) findings.push({ file: rel, name, line: lineOf(node), what });
  };

  const topLevel = new Set<string>();
  for (const statement of sourceFile.statements) {
    if (ts.isVariableStatement(statement)) {
      const isConst = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
      for (const decl of statement.declarationList.declarations) {
        const names = ts.isIdentifier(decl.name)
          ? [decl.name.text]
          : decl.name.elements.flatMap((e) =>
              ts.isBindingElement(e) && ts.isIdentifier(e.name) ? [e.name.text] : [],
            );
        for (const name of names) {
          topLevel.add(name);
          if (!isConst) report(name, decl, 'a top-level let/var');
        }
        let init = decl.initializer;
        while (
          init &&
          (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))
        )
          init = init.expression;
        if (isConst && init && ts.isNewExpression(init)) {
          const cls = init.expression.getText(sourceFile);
          if (!CONSTANT_CLASSES.has(cls) && !/^(Map|Set|WeakMap|WeakSet|Array)$/.test(cls))
            report(
              names[0],
              decl,
              `a top-level new ${cls}(...): an instance made at import, shared by every app`,
            );
        }
      }
    }
  }

  const visit = (node: ts.Node): void => {
    let target: ts.Expression | null = null;
    let what = '';
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      node.operatorToken.kind <= ts.SyntaxKind.LastAssignment
    ) {
      target = node.left;
      what = 'assigned at run time';
    } else if (
      (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
      (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)
    ) {
      target = node.operand;
      what = 'incremented at run time';
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      MUTATING_METHODS.has(node.expression.name.text)
    ) {
      target = node.expression.expression;
      what = `changed with .${node.expression.name.text}()`;
    } else if (ts.isDeleteExpression(node)) {
      target = node.expression;
      what = 'changed with delete';
    }
    const id = target ? rootIdentifier(target) : null;
    if (id && topLevel.has(id.text) && isTopLevelReference(id, sourceFile)) report(id.text, node, what);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}

describe('module-level state in services/src', () => {
  it('has none outside the allow-list', () => {
    const findings = sourceFiles(SRC).flatMap((file) => findModuleState(file));
    expect(findings.map((f) => `${f.file}:${f.line} ${f.name}: ${f.what}`)).toEqual([]);
  });

  it('every allow-list entry still names a binding that needs it', () => {
    // A stale entry would let a new binding of the same name through unexamined.
    for (const key of Object.keys(ALLOWED)) {
      const [file, name] = key.split(':');
      const text = fs.readFileSync(path.join(SRC, file), 'utf8');
      expect({ key, present: new RegExp(`\\b(const|let|var)\\s+${name}\\b`).test(text) }).toEqual({
        key,
        present: true,
      });
    }
  });

  it.each([
    ['a top-level let', 'let cached: string | null = null;\nexport const get = () => cached;'],
    [
      'a cache filled at run time',
      'const byId = new Map<string, number>();\nexport const put = (k: string) => byId.set(k, 1);',
    ],
    ['an array pushed to', 'const seen: string[] = [];\nexport function see(x: string) { seen.push(x); }'],
    ['an object written through', 'const state = { n: 0 };\nexport function bump() { state.n += 1; }'],
    ['a counter', 'const counts = { n: 0 };\nexport function bump() { counts.n++; }'],
    ['a service made at import', 'class Monitor {}\nexport const monitor = new Monitor();'],
  ])('catches %s', (_what, source) => {
    expect(findModuleState(path.join(SRC, 'example.ts'), source)).toHaveLength(1);
  });

  it.each([
    [
      'a constant table',
      "const SAFE = new Set(['GET', 'HEAD']);\nexport const safe = (m: string) => SAFE.has(m);",
    ],
    [
      'a local of the same name',
      'const byId = new Map<string, number>();\nexport function f() { const byId = new Map(); byId.set(1, 2); return byId; }',
    ],
    [
      'a parameter of the same name',
      'const seen: string[] = [];\nexport function f(seen: string[]) { seen.push("x"); return seen; }',
    ],
    [
      'a state object made per call',
      'export function make() { const m = new Map(); m.set(1, 2); return m; }',
    ],
  ])('lets %s through', (_what, source) => {
    expect(findModuleState(path.join(SRC, 'example.ts'), source)).toEqual([]);
  });
});
