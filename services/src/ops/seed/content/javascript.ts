// The JavaScript demo atom. Every code answer was checked by running the snippet under node.
import { questionBuilder } from './build';
import type { SeedAtom } from './types';

const q = questionBuilder('javascript');

export const javascriptAtom: SeedAtom = {
  id: 'javascript',
  name: 'JavaScript',
  category: 'Programming Languages',
  description:
    'Core JavaScript (ES2022): closures and scope, asynchronous code and the event loop, type coercion, prototypes and classes, arrays, ES modules and error handling.',
  description_html:
    '<p>Core <strong>JavaScript</strong> (ES2022): closures and scope, asynchronous code and the event loop, type coercion, prototypes and classes, arrays, ES modules and error handling.</p>',
  client_description:
    'Measures how well a developer reads and reasons about modern JavaScript code, independent of any framework.',
  level_1_description: 'Knows basic syntax but misreads common language behaviour.',
  level_2_description: 'Writes simple scripts; unsure about scope, coercion and asynchronous order.',
  level_3_description: 'Solid working knowledge: closures, promises and array methods used correctly.',
  level_4_description: 'Strong: predicts event-loop order, prototype lookups and module semantics.',
  level_5_description: 'Expert: understands the subtle corners of the language and its runtime.',
  eta_minutes: 15,
  num_questions: 10,
  format: 'Multiple Choice',
  beta: false,
  supported_programming_languages: ['javascript'],
  levels_thresholds: ['-inf', -1, -0.25, 0.5, 1.25],
  beta_question_keys: [
    'js-closure-loop-let',
    'js-arrays-at',
    'js-async-promise-any',
    'js-errors-optional-catch',
  ],
  questions: [
    // ---- closures
    q(
      'js-closure-counter',
      'closures',
      [1.2, -0.5],
      'What does this code print?',
      ['3 1', '3 3', '1 1', '2 1'],
      0,
      {
        code: `
function makeCounter() {
  let count = 0;
  return () => ++count;
}
const a = makeCounter();
const b = makeCounter();
a();
a();
console.log(a(), b());
`,
      },
    ),
    q(
      'js-closure-loop-var',
      'closures',
      [1.4, 0.3],
      'What does this code print?',
      ['[ 3, 3, 3 ]', '[ 0, 1, 2 ]', '[ 2, 2, 2 ]', '[ undefined, undefined, undefined ]'],
      0,
      {
        code: `
const fns = [];
for (var i = 0; i < 3; i++) {
  fns.push(() => i);
}
console.log(fns.map((f) => f()));
`,
      },
    ),
    q(
      'js-closure-definition',
      'closures',
      [0.9, -1.5],
      'What is a closure in JavaScript?',
      [
        'A function together with the variables of the scope in which it was created, which it can still access later',
        'A function that is invoked immediately after it is defined',
        'A function that has finished running and released all of its local variables',
        'A block that restricts access to private class fields',
      ],
      0,
    ),
    q(
      'js-closure-once',
      'closures',
      [1.3, 0.2],
      'What does this code print?',
      ['10 10', '10 20', 'undefined 20', '10 undefined'],
      0,
      {
        code: `
function once(fn) {
  let done = false;
  let result;
  return (...args) => {
    if (!done) {
      done = true;
      result = fn(...args);
    }
    return result;
  };
}
const double = once((x) => x * 2);
console.log(double(5), double(10));
`,
      },
    ),
    q(
      'js-closure-shared-state',
      'closures',
      [1.1, 0.4],
      'What does this code print?',
      ['1', '2', 'undefined', 'It throws a `TypeError`'],
      1,
      {
        code: `
function make() {
  let x = 1;
  return { inc: () => x++, get: () => x };
}
const o = make();
o.inc();
const { get } = o;
console.log(get());
`,
      },
    ),
    q(
      'js-closure-private',
      'closures',
      [1.0, -0.4],
      'Inside `createAccount(initial)`, `let balance = initial` is declared and an object `{ deposit, getBalance }` of arrow functions using `balance` is returned. How can code outside read or change `balance`?',
      [
        'Only through `deposit` and `getBalance`',
        'Through `account.balance`',
        'Through `createAccount.balance`',
        'It cannot: `balance` is garbage-collected when `createAccount` returns',
      ],
      0,
    ),
    // ---- async
    q(
      'js-async-event-loop-order',
      'async',
      [1.5, 0.5],
      'In what order are the letters logged?',
      ['A D C B', 'A B C D', 'A D B C', 'A C D B'],
      0,
      {
        code: `
console.log('A');
setTimeout(() => console.log('B'), 0);
Promise.resolve().then(() => console.log('C'));
console.log('D');
`,
      },
    ),
    q(
      'js-async-return-type',
      'async',
      [1.2, -1.0],
      'What does calling an `async` function always return?',
      [
        'A Promise',
        'The value of its `return` statement',
        '`undefined` until it is awaited',
        'A generator object',
      ],
      0,
    ),
    q(
      'js-async-promise-all-reject',
      'async',
      [1.3, 0.0],
      '`Promise.all([p1, p2, p3])` is awaited and `p2` rejects while `p1` and `p3` are still pending. What happens?',
      [
        "The returned promise rejects with `p2`'s reason right away",
        'It waits for all three to settle and resolves with an array of results and errors',
        'It resolves with the values of `p1` and `p3`, skipping `p2`',
        'It rejects only after `p1` and `p3` have settled too',
      ],
      0,
    ),
    q(
      'js-async-allsettled',
      'async',
      [1.1, -0.2],
      'Which combinator waits for every promise to settle and never rejects because one of them rejected?',
      ['`Promise.allSettled`', '`Promise.all`', '`Promise.race`', '`Promise.any`'],
      0,
    ),
    q(
      'js-async-sequential-awaits',
      'async',
      [1.0, -0.2],
      'Roughly how many milliseconds does `run()` resolve with?',
      ['0', '100', '200', '300'],
      2,
      {
        locked: true,
        code: `
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function run() {
  const start = Date.now();
  await wait(100);
  await wait(100);
  return Date.now() - start;
}
`,
      },
    ),
    q(
      'js-async-nested-microtasks',
      'async',
      [1.4, 1.3],
      'What does this code print, in order?',
      ['4 1 2 3', '4 1 3 2', '1 2 3 4', '4 3 1 2'],
      0,
      {
        code: `
Promise.resolve()
  .then(() => {
    console.log(1);
    Promise.resolve().then(() => console.log(2));
  })
  .then(() => console.log(3));
console.log(4);
`,
      },
    ),
    q(
      'js-async-foreach',
      'async',
      [1.3, 0.7],
      'When is `done` logged?',
      [
        'Before the saves finish, because `forEach` does not wait for the promises its callbacks return',
        'After every save has finished, because each callback awaits `save`',
        'Never, because `await` is not allowed inside `forEach`',
        'After the first save finishes, before the others',
      ],
      0,
      {
        code: `
async function saveAll(items) {
  items.forEach(async (item) => {
    await save(item);
  });
  console.log('done');
}
`,
      },
    ),
    // ---- error handling
    q(
      'js-errors-return-without-await',
      'error_handling',
      [1.5, 1.6],
      'What does this code print?',
      ['rejected: boom', 'caught', 'undefined', 'Nothing: the rejection is swallowed'],
      0,
      {
        code: `
async function f() {
  try {
    return Promise.reject(new Error('boom'));
  } catch (e) {
    return 'caught';
  }
}
f().then(console.log, (e) => console.log('rejected:', e.message));
`,
      },
    ),
    q(
      'js-errors-finally-order',
      'error_handling',
      [1.0, 0.1],
      'What does this code print?',
      ['`finally`, then `try`', '`try`, then `finally`', 'Only `try`', 'Only `finally`'],
      0,
      {
        code: `
function f() {
  try {
    return 'try';
  } finally {
    console.log('finally');
  }
}
console.log(f());
`,
      },
    ),
    q(
      'js-errors-finally-override',
      'error_handling',
      [1.2, 0.8],
      'What does this code print?',
      ['finally', 'catch', 'undefined', 'It throws `Error: a`'],
      0,
      {
        code: `
function f() {
  try {
    throw new Error('a');
  } catch (e) {
    return 'catch';
  } finally {
    return 'finally';
  }
}
console.log(f());
`,
      },
    ),
    q(
      'js-errors-await-catch',
      'error_handling',
      [1.1, -0.2],
      'Inside an `async` function, which code catches a rejection of the promise returned by `fetchData()`?',
      [
        '`try { await fetchData(); } catch (e) { handle(e); }`',
        '`try { fetchData(); } catch (e) { handle(e); }`',
        '`try { fetchData; } catch (e) { handle(e); }`',
        '`fetchData().then(handle);`',
      ],
      0,
    ),
    q(
      'js-errors-custom-class',
      'error_handling',
      [0.9, -0.5],
      'What is the usual way to define a custom error type?',
      [
        '`class ValidationError extends Error { constructor(msg) { super(msg); this.name = "ValidationError"; } }`',
        '`const ValidationError = "ValidationError";` and `throw ValidationError;`',
        '`function ValidationError(msg) { return { message: msg }; }`',
        '`Error.register("ValidationError");`',
      ],
      0,
    ),
    q(
      'js-errors-cause',
      'error_handling',
      [1.0, 0.9],
      'After `const e = new Error("save failed", { cause: err })`, where is `err` available?',
      ['`e.cause`', '`e.message`', '`e.inner`', 'Nowhere: the second argument of `Error` is ignored'],
      0,
    ),
    q(
      'js-errors-json-parse',
      'error_handling',
      [1.0, -0.6],
      "What does `JSON.parse('{bad json}')` do?",
      ['Throws a `SyntaxError`', 'Returns `null`', 'Returns `undefined`', 'Returns an empty object'],
      0,
    ),
    // ---- types and coercion
    q(
      'js-coercion-plus-minus',
      'types_coercion',
      [1.2, -0.3],
      "What is the value of `'5' + 3 - 2`?",
      ['`51`', '`6`', "`'532'`", '`NaN`'],
      0,
    ),
    q(
      'js-coercion-loose-equality',
      'types_coercion',
      [1.1, -0.4],
      'Which expression evaluates to `true`?',
      ['`null == undefined`', '`null === undefined`', '`NaN == NaN`', "`'0' === 0`"],
      0,
    ),
    q(
      'js-coercion-typeof-null',
      'types_coercion',
      [1.0, -0.8],
      'What is `typeof null`?',
      ["`'object'`", "`'null'`", "`'undefined'`", "`'number'`"],
      0,
    ),
    q(
      'js-coercion-array-plus-object',
      'types_coercion',
      [1.2, 1.2],
      'What is the value of the expression `[] + {}`?',
      ["`'[object Object]'`", '`0`', "`'{}'`", '`NaN`'],
      0,
    ),
    q(
      'js-coercion-isnan',
      'types_coercion',
      [1.3, -0.1],
      'Which expression reliably tells whether `x` is the number `NaN`?',
      ['`Number.isNaN(x)`', '`x === NaN`', '`x == NaN`', "`typeof x === 'NaN'`"],
      0,
    ),
    q(
      'js-coercion-nullish',
      'types_coercion',
      [1.3, 0.1],
      "What does `console.log(0 || 'x', 0 ?? 'x')` print?",
      ['x 0', '0 0', 'x x', '0 x'],
      0,
    ),
    q(
      'js-coercion-truthy',
      'types_coercion',
      [1.0, -0.2],
      'Which of these values is truthy?',
      ['`[]`', '`0`', "`''`", '`NaN`'],
      0,
    ),
    q(
      'js-coercion-object-is',
      'types_coercion',
      [1.1, 1.8],
      'What does `console.log(Object.is(-0, 0), -0 === 0)` print?',
      ['false true', 'true true', 'true false', 'false false'],
      0,
    ),
    // ---- scope
    q(
      'js-scope-tdz',
      'scope',
      [1.3, 0.0],
      'What happens when this code runs?',
      ['It throws a `ReferenceError`', 'It prints `undefined`', 'It prints `1`', 'It prints `null`'],
      0,
      {
        code: `
function f() {
  console.log(x);
  let x = 1;
}
f();
`,
      },
    ),
    q(
      'js-scope-hoisting',
      'scope',
      [1.2, 0.5],
      'What does this code print?',
      ['undefined function', 'number function', 'undefined undefined', 'It throws a `ReferenceError`'],
      0,
      {
        code: `
console.log(typeof foo, typeof bar);
var foo = 1;
function bar() {}
`,
      },
    ),
    q(
      'js-scope-arrow-this',
      'scope',
      [1.1, 0.4],
      'What does this code print?',
      ['obj', 'undefined', 'It throws a `TypeError`', 'An empty line'],
      0,
      {
        code: `
'use strict';
const obj = {
  name: 'obj',
  first() {
    return [1].map(() => this.name)[0];
  },
};
console.log(obj.first());
`,
      },
    ),
    q(
      'js-scope-const',
      'scope',
      [1.0, -0.9],
      'Which statement about `const` is true?',
      [
        'It is block-scoped and cannot be reassigned, but an object it refers to can still be mutated',
        'It is function-scoped and makes the value deeply immutable',
        'It is block-scoped and makes the value deeply immutable',
        'It is hoisted and initialised to `undefined`, like `var`',
      ],
      0,
    ),
    q(
      'js-scope-shadowing',
      'scope',
      [0.9, -0.7],
      'What does this code print?',
      ['1', '2', '3', 'It throws a `SyntaxError`'],
      0,
      {
        code: `
let x = 1;
{
  let x = 2;
  x++;
}
console.log(x);
`,
      },
    ),
    q(
      'js-scope-strict-undeclared',
      'scope',
      [1.0, 0.3],
      'In strict mode, what happens when code assigns to an undeclared variable, as in `y = 5`?',
      [
        'A `ReferenceError` is thrown',
        'A global variable `y` is created',
        'The assignment is silently ignored',
        'A `TypeError` is thrown',
      ],
      0,
    ),
    q(
      'js-scope-let-keyword',
      'scope',
      [0.8, -2.0],
      'Which keyword declares a block-scoped variable that can be reassigned later?',
      ['`let`', '`const`', '`var`', '`static`'],
      0,
    ),
    // ---- prototypes
    q(
      'js-proto-class-sugar',
      'prototypes',
      [1.0, -0.6],
      'How do ES2015 `class` declarations relate to prototypes?',
      [
        "They are built on prototypes: methods live on the constructor's `prototype` object",
        'They replaced prototypes with a separate class-based inheritance system',
        'They copy every method into each instance when it is created',
        'They only work when the code is compiled by TypeScript',
      ],
      0,
    ),
    q(
      'js-proto-lookup',
      'prototypes',
      [1.2, 0.3],
      'What does this code print?',
      ['generic', 'woof', 'undefined', 'It throws a `TypeError`'],
      0,
      {
        code: `
function Animal() {}
Animal.prototype.speak = function () {
  return 'generic';
};
const dog = new Animal();
dog.speak = function () {
  return 'woof';
};
delete dog.speak;
console.log(dog.speak());
`,
      },
    ),
    q(
      'js-proto-object-create-null',
      'prototypes',
      [1.2, 0.2],
      'What does `Object.create(null)` return?',
      [
        'An object with no prototype, so it has no `toString` or `hasOwnProperty`',
        '`null`',
        'An empty object that inherits from `Object.prototype`',
        'Nothing: it throws a `TypeError`',
      ],
      0,
    ),
    q(
      'js-proto-hasown',
      'prototypes',
      [1.1, 0.1],
      'Which expression is `true` only when `key` is an own, not inherited, property of `obj`?',
      ['`Object.hasOwn(obj, key)`', '`key in obj`', '`obj[key] !== undefined`', '`Reflect.has(obj, key)`'],
      0,
    ),
    q(
      'js-proto-extends',
      'prototypes',
      [1.3, 0.9],
      'What does this code print?',
      ['true true', 'true false', 'false true', 'false false'],
      0,
      {
        code: `
class A {}
class B extends A {}
const b = new B();
console.log(b instanceof A, Object.getPrototypeOf(B) === A);
`,
      },
    ),
    q(
      'js-proto-super-first',
      'prototypes',
      [1.2, 0.7],
      'What happens on `new B()`?',
      [
        'It throws a `ReferenceError`, because `this` is used before `super()` is called',
        'It creates an object with `x` equal to 1 and `y` equal to 2',
        'It creates an object with only `y` equal to 2',
        'It creates an object with only `x` equal to 1',
      ],
      0,
      {
        code: `
class A {
  constructor() {
    this.x = 1;
  }
}
class B extends A {
  constructor() {
    this.y = 2;
    super();
  }
}
new B();
`,
      },
    ),
    // ---- arrays
    q(
      'js-arrays-map-parseint',
      'arrays',
      [1.4, 1.4],
      "What is `['1', '2', '3'].map(parseInt)`?",
      ['`[1, NaN, NaN]`', '`[1, 2, 3]`', "`['1', '2', '3']`", '`[NaN, NaN, NaN]`'],
      0,
    ),
    q(
      'js-arrays-default-sort',
      'arrays',
      [1.2, 0.6],
      'What is `[10, 9, 1, 2].sort()`?',
      ['`[1, 10, 2, 9]`', '`[1, 2, 9, 10]`', '`[10, 9, 2, 1]`', '`[9, 10, 1, 2]`'],
      0,
    ),
    q(
      'js-arrays-reduce',
      'arrays',
      [1.0, -0.8],
      'What is the value of `total`?',
      ['10', '19', '20', '24'],
      2,
      {
        locked: true,
        code: `
const total = [1, 2, 3, 4].reduce((acc, n) => acc + n * 2, 0);
`,
      },
    ),
    q(
      'js-arrays-non-mutating',
      'arrays',
      [1.1, -0.1],
      'Which array method does NOT change the array it is called on?',
      ['`slice`', '`splice`', '`sort`', '`reverse`'],
      0,
    ),
    q(
      'js-arrays-length-holes',
      'arrays',
      [1.0, -0.3],
      'What does this code print?',
      ['3', '4', '5', '6'],
      3,
      {
        locked: true,
        code: `
const arr = [1, 2, 3];
arr[5] = 6;
console.log(arr.length);
`,
      },
    ),
    q(
      'js-arrays-includes-nan',
      'arrays',
      [1.2, 1.1],
      'What does `console.log([NaN].includes(NaN), [NaN].indexOf(NaN))` print?',
      ['true -1', 'true 0', 'false -1', 'false 0'],
      0,
    ),
    q(
      'js-arrays-flat',
      'arrays',
      [1.1, 0.5],
      'What is `[1, [2, [3, [4]]]].flat()`?',
      ['`[1, 2, [3, [4]]]`', '`[1, 2, 3, 4]`', '`[1, 2, 3, [4]]`', '`[1, [2, [3, [4]]]]`'],
      0,
    ),
    q(
      'js-arrays-push',
      'arrays',
      [0.8, -2.2],
      'Which method adds an element to the end of an array?',
      ['`push`', '`shift`', '`unshift`', '`pop`'],
      0,
    ),
    // ---- ES modules
    q(
      'js-esm-default-import',
      'es_modules',
      [1.0, -1.0],
      '`greet.js` contains `export default function greet() {}`. Which statement lets another module call it as `greet()`?',
      [
        "`import greet from './greet.js';`",
        "`import { greet } from './greet.js';`",
        "`import * as greet from './greet.js';`",
        "`import greet() from './greet.js';`",
      ],
      0,
    ),
    q(
      'js-esm-live-binding',
      'es_modules',
      [1.2, 1.2],
      'What does `main.js` print?',
      ['1', '0', 'undefined', 'It throws a `TypeError`'],
      0,
      {
        code: `
// counter.js
export let count = 0;
export function inc() {
  count++;
}

// main.js
import { count, inc } from './counter.js';
inc();
console.log(count);
`,
      },
    ),
    q(
      'js-esm-strict',
      'es_modules',
      [1.0, 0.6],
      'Which statement about code inside an ES module is true?',
      [
        'It always runs in strict mode',
        "It runs in sloppy mode unless it starts with `'use strict'`",
        'It can call `require` without importing anything',
        'Its top-level `var` declarations become properties of the global object',
      ],
      0,
    ),
    q(
      'js-esm-dynamic-import',
      'es_modules',
      [1.1, 0.2],
      "What does `import('./chart.js')` evaluate to?",
      [
        'A Promise that resolves to the module namespace object',
        "The module's default export, synchronously",
        '`undefined`; the module loads in the background',
        'Nothing: it is a `SyntaxError` outside the top level',
      ],
      0,
    ),
    q(
      'js-esm-evaluated-once',
      'es_modules',
      [1.0, 0.0],
      'Two modules of one program both import `./config.js`. How many times is `config.js` evaluated?',
      [
        'Once; both importers share the same module instance',
        'Once per importing module',
        'Every time one of its exported bindings is read',
        'Twice, then it is cached',
      ],
      0,
    ),
    // ---- beta (unscored)
    q(
      'js-closure-loop-let',
      'closures',
      [1.2, -0.3],
      'What does this code print?',
      ['[ 0, 1, 2 ]', '[ 3, 3, 3 ]', '[ 2, 2, 2 ]', '[ 1, 2, 3 ]'],
      0,
      {
        administered: false,
        code: `
const fns = [];
for (let i = 0; i < 3; i++) {
  fns.push(() => i);
}
console.log(fns.map((f) => f()));
`,
      },
    ),
    q(
      'js-arrays-at',
      'arrays',
      [1.0, -0.2],
      'What is `[10, 20, 30].at(-1)`?',
      ['`30`', '`10`', '`undefined`', '`20`'],
      0,
      { administered: false },
    ),
    q(
      'js-async-promise-any',
      'async',
      [1.1, 0.9],
      'What does `Promise.any` do when every input promise rejects?',
      [
        'It rejects with an `AggregateError` holding all the reasons',
        'It resolves with `undefined`',
        'It rejects with the first rejection reason',
        'It never settles',
      ],
      0,
      { administered: false },
    ),
    q(
      'js-errors-optional-catch',
      'error_handling',
      [0.9, 0.4],
      'Which of these is valid modern JavaScript?',
      [
        '`try { run(); } catch { recover(); }`',
        '`try { run(); }` with neither `catch` nor `finally`',
        '`try run(); catch (e) recover();`',
        '`catch (e) { recover(); } try { run(); }`',
      ],
      0,
      { administered: false },
    ),
    // ---- translated variations (not administered in the English quiz)
    q(
      'js-closure-counter-es',
      'closures',
      [1.2, -0.5],
      '¿Qué imprime este código?',
      ['3 1', '3 3', '1 1', '2 1'],
      0,
      {
        administered: false,
        language: 'es',
        variation_of: 'js-closure-counter',
        code: `
function makeCounter() {
  let count = 0;
  return () => ++count;
}
const a = makeCounter();
const b = makeCounter();
a();
a();
console.log(a(), b());
`,
      },
    ),
    q(
      'js-coercion-typeof-null-de',
      'types_coercion',
      [1.0, -0.8],
      'Was ergibt `typeof null`?',
      ["`'object'`", "`'null'`", "`'undefined'`", "`'number'`"],
      0,
      {
        administered: false,
        language: 'de',
        variation_of: 'js-coercion-typeof-null',
      },
    ),
  ],
};
