// The Python demo atom (Python 3.10+). Every code answer was checked by running it under python3.
import { questionBuilder } from './build';
import type { SeedAtom } from './types';

const q = questionBuilder('python');

export const pythonAtom: SeedAtom = {
  id: 'python',
  name: 'Python',
  category: 'Programming Languages',
  description:
    'Core Python 3: built-in data structures, comprehensions, generators, decorators, classes, exceptions, type hints and the standard library.',
  description_html:
    '<p>Core <strong>Python 3</strong>: built-in data structures, comprehensions, generators, decorators, classes, exceptions, type hints and the standard library.</p>',
  client_description:
    'Measures how well a developer reads and reasons about idiomatic Python code and its common pitfalls.',
  level_1_description: 'Knows basic syntax but misreads how common built-ins behave.',
  level_2_description: 'Writes simple scripts; unsure about mutability, scoping and iteration.',
  level_3_description: 'Solid working knowledge: comprehensions, exceptions and classes used correctly.',
  level_4_description: 'Strong: reasons about generators, decorators, the MRO and type hints.',
  level_5_description: 'Expert: understands the subtle corners of the language and its data model.',
  eta_minutes: 15,
  num_questions: 10,
  format: 'Multiple Choice',
  beta: false,
  supported_programming_languages: ['python'],
  levels_thresholds: ['-inf', -1, -0.25, 0.5, 1.25],
  beta_question_keys: ['py-stdlib-itertools-islice', 'py-typing-literal', 'py-ds-dict-get'],
  questions: [
    // ---- data structures
    q(
      'py-ds-mutable-default',
      'data_structures',
      [1.4, 0.4],
      'What does this code print?',
      ['[1, 2]', '[2]', '[1]', 'It raises a `TypeError`'],
      0,
      {
        code: `
def append_to(item, items=[]):
    items.append(item)
    return items

append_to(1)
print(append_to(2))
`,
      },
    ),
    q(
      'py-ds-list-alias',
      'data_structures',
      [1.2, 0.3],
      'What does this code print?',
      ['[1, 2, 3, 4]', '[1, 2, 3]', '[1, 2, 3, [4]]', 'It raises a `TypeError`'],
      0,
      {
        code: `
a = [1, 2, 3]
b = a
b += [4]
print(a)
`,
      },
    ),
    q(
      'py-ds-dict-key',
      'data_structures',
      [1.1, -0.6],
      'Which of these can NOT be used as a dictionary key?',
      ['`[1, 2]`', '`(1, 2)`', "`'key'`", '`frozenset({1, 2})`'],
      0,
    ),
    q(
      'py-ds-set-intersection',
      'data_structures',
      [1.0, -0.8],
      'What is `{1, 2, 3} & {2, 3, 4}`?',
      ['`{2, 3}`', '`{1, 2, 3, 4}`', '`{1, 4}`', '`{1}`'],
      0,
    ),
    q(
      'py-ds-single-tuple',
      'data_structures',
      [1.1, -0.2],
      'Which expression creates a tuple holding the single element `1`?',
      ['`(1,)`', '`(1)`', '`tuple(1)`', '`[1].tuple()`'],
      0,
    ),
    q(
      'py-ds-shallow-copy',
      'data_structures',
      [1.3, 0.9],
      'What does this code print?',
      ['[[1, 2, 99], [3, 4]]', '[[1, 2], [3, 4]]', '[[1, 2, 99], [3, 4], [5]]', '[[1, 2], [3, 4], [5]]'],
      0,
      {
        code: `
import copy

a = [[1, 2], [3, 4]]
b = copy.copy(a)
b[0].append(99)
b.append([5])
print(a)
`,
      },
    ),
    q(
      'py-ds-dict-order',
      'data_structures',
      [0.9, -0.3],
      'Since Python 3.7, in what order does iterating over a plain `dict` yield its keys?',
      [
        'Insertion order',
        'Sorted order',
        'An arbitrary order that can change between runs',
        'Reverse insertion order',
      ],
      0,
    ),
    q(
      'py-ds-list-multiply',
      'data_structures',
      [1.3, 1.0],
      'What does this code print?',
      ['[[1, 0], [1, 0]]', '[[1, 0], [0, 0]]', '[[1, 1], [0, 0]]', '[1, 0, 0, 0]'],
      0,
      {
        code: `
grid = [[0] * 2] * 2
grid[0][0] = 1
print(grid)
`,
      },
    ),
    q(
      'py-ds-len-dict',
      'data_structures',
      [0.8, -2.2],
      "What is `len({'a': 1, 'b': 2})`?",
      ['1', '2', '3', '4'],
      1,
      { locked: true },
    ),
    q(
      'py-ds-set-len',
      'data_structures',
      [1.0, -0.5],
      "What is `len(set('banana'))`?",
      ['2', '3', '4', '6'],
      1,
      { locked: true },
    ),
    q(
      'py-ds-is-vs-eq',
      'data_structures',
      [1.0, -0.7],
      'What is the difference between `a == b` and `a is b`?',
      [
        '`==` compares values; `is` checks whether both names refer to the same object',
        '`is` compares values; `==` checks whether both names refer to the same object',
        'They are interchangeable for every type',
        '`is` only works on numbers and strings',
      ],
      0,
    ),
    // ---- comprehensions
    q(
      'py-comp-filter',
      'comprehensions',
      [1.0, -1.2],
      'What is `[x * x for x in range(5) if x % 2 == 0]`?',
      ['`[0, 4, 16]`', '`[0, 1, 4, 9, 16]`', '`[4, 16]`', '`[1, 9]`'],
      0,
    ),
    q(
      'py-comp-dict',
      'comprehensions',
      [1.0, -0.5],
      "What is `{k: v for k, v in zip('abc', range(3))}`?",
      [
        "`{'a': 0, 'b': 1, 'c': 2}`",
        "`{0: 'a', 1: 'b', 2: 'c'}`",
        "`[('a', 0), ('b', 1), ('c', 2)]`",
        "`{'abc': 2}`",
      ],
      0,
    ),
    q(
      'py-comp-nested',
      'comprehensions',
      [1.2, 0.6],
      'What does this code print?',
      [
        '[(0, 0), (0, 1), (1, 1)]',
        '[(0, 0), (0, 1), (1, 0), (1, 1)]',
        '[(0, 0), (1, 1)]',
        'It raises a `NameError`',
      ],
      0,
      {
        code: `
pairs = [(x, y) for x in range(2) for y in range(x, 2)]
print(pairs)
`,
      },
    ),
    q(
      'py-comp-set',
      'comprehensions',
      [0.9, -0.4],
      "What is `{len(w) for w in ['a', 'bb', 'cc', 'd']}`?",
      ['`{1, 2}`', '`{1, 2, 2, 1}`', '`[1, 2, 2, 1]`', '`{2}`'],
      0,
    ),
    q('py-comp-scope', 'comprehensions', [1.1, 0.5], 'What does this code print?', ['0', '2', '4', '10'], 3, {
      locked: true,
      code: `
x = 10
squares = [x * x for x in range(3)]
print(x)
`,
    }),
    q(
      'py-comp-genexp',
      'comprehensions',
      [1.1, -0.4],
      'What does `(n * 2 for n in range(3))` create?',
      [
        'A generator object that produces the values lazily',
        'The tuple `(0, 2, 4)`',
        'The list `[0, 2, 4]`',
        'Nothing: it is a `SyntaxError`',
      ],
      0,
    ),
    // ---- generators
    q(
      'py-gen-next-default',
      'generators',
      [1.0, -0.3],
      'What does this code print?',
      ['1 2, then done', '1 2, then None', '1 2, then it raises `StopIteration`', '1 1, then 2'],
      0,
      {
        code: `
def gen():
    yield 1
    yield 2

g = gen()
print(next(g), next(g))
print(next(g, 'done'))
`,
      },
    ),
    q(
      'py-gen-exhausted',
      'generators',
      [1.3, 0.7],
      'What does this code print?',
      ['5, then 0', '5, then 5', '5, then it raises a `TypeError`', '0, then 5'],
      0,
      {
        code: `
squares = (n * n for n in range(3))
print(sum(squares))
print(sum(squares))
`,
      },
    ),
    q(
      'py-gen-yield-from-return',
      'generators',
      [1.4, 1.5],
      'What does this code print?',
      ["[1, 2, 'r']", '[1, 2]', '[1, 2, None]', "['r']"],
      0,
      {
        code: `
def inner():
    yield 1
    yield 2
    return 'r'

def outer():
    result = yield from inner()
    yield result

print(list(outer()))
`,
      },
    ),
    q(
      'py-gen-memory',
      'generators',
      [0.9, -1.3],
      'What is the main memory advantage of a generator over building a list?',
      [
        'It produces items one at a time instead of storing them all at once',
        'It stores its items in a compressed form',
        'It keeps its items on disk instead of in memory',
        'It shares its items with every other generator',
      ],
      0,
    ),
    q(
      'py-gen-send',
      'generators',
      [1.5, 1.4],
      'What does this code print?',
      [
        'hi',
        'None',
        "It raises `TypeError: can't send non-None value to a just-started generator`",
        'It raises `StopIteration`',
      ],
      0,
      {
        code: `
def echo():
    received = None
    while True:
        received = yield received

g = echo()
next(g)
print(g.send('hi'))
`,
      },
    ),
    q(
      'py-gen-stopiteration',
      'generators',
      [1.0, -0.2],
      'What happens when `next(g)` is called on an exhausted generator `g`?',
      [
        '`StopIteration` is raised',
        'It returns `None`',
        'The generator starts again from the beginning',
        '`IndexError` is raised',
      ],
      0,
    ),
    // ---- decorators
    q(
      'py-deco-basic',
      'decorators',
      [1.0, -0.5],
      'What does this code print?',
      ['HI ANN', 'hi ann', 'hi ANN', 'It raises a `TypeError`'],
      0,
      {
        code: `
def shout(fn):
    def wrapper(*args):
        return fn(*args).upper()
    return wrapper

@shout
def greet(name):
    return f"hi {name}"

print(greet("ann"))
`,
      },
    ),
    q(
      'py-deco-wraps',
      'decorators',
      [1.1, 0.3],
      'Why is `functools.wraps` used inside decorators?',
      [
        "It copies the wrapped function's metadata, such as `__name__` and `__doc__`, onto the wrapper",
        'It makes the wrapper run faster by caching its results',
        'It lets the decorator be applied to classes as well as functions',
        'It is required, otherwise the decorated function cannot be called',
      ],
      0,
    ),
    q(
      'py-deco-stacking-order',
      'decorators',
      [1.2, 0.6],
      'What does this code print?',
      ['a(b(f))', 'b(a(f))', 'a(f)', 'f'],
      0,
      {
        code: `
def a(fn):
    return lambda: 'a(' + fn() + ')'

def b(fn):
    return lambda: 'b(' + fn() + ')'

@a
@b
def f():
    return 'f'

print(f())
`,
      },
    ),
    q(
      'py-deco-with-args',
      'decorators',
      [1.2, 0.8],
      'To be used as `@retry(times=3)` above a function, what must `retry` be?',
      [
        'A function that takes `times` and returns a decorator',
        'A decorator that takes the function and `times` together',
        'A class with a `times` attribute',
        'A generator that yields the function 3 times',
      ],
      0,
    ),
    q(
      'py-deco-definition-time',
      'decorators',
      [1.2, 0.9],
      'How often does the body of this `register` decorator itself run?',
      [
        'Once, when `handler` is defined',
        'Every time `handler` is called',
        'Never, unless `handler` is called',
        'Once, the first time `handler` is called',
      ],
      0,
      {
        code: `
registry = []

def register(fn):
    registry.append(fn.__name__)
    return fn

@register
def handler():
    return 'ok'
`,
      },
    ),
    q(
      'py-deco-lru-cache',
      'decorators',
      [1.0, -0.1],
      'What does decorating a function with `@functools.lru_cache` do?',
      [
        'Caches its return values keyed by the arguments, so repeated calls with the same arguments are not recomputed',
        'Runs the function in a background thread',
        'Limits how many times the function can be called',
        'Logs every call with its arguments',
      ],
      0,
    ),
    // ---- OOP
    q(
      'py-oop-class-attribute',
      'oop',
      [1.3, 0.5],
      'What does this code print?',
      ["['sit']", '[]', 'None', 'It raises an `AttributeError`'],
      0,
      {
        code: `
class Dog:
    tricks = []

    def add(self, trick):
        self.tricks.append(trick)

a, b = Dog(), Dog()
a.add('sit')
print(b.tricks)
`,
      },
    ),
    q('py-oop-mro', 'oop', [1.5, 1.6], 'What does this code print?', ['BCA', 'BA', 'CBA', 'BACA'], 0, {
      code: `
class A:
    def who(self):
        return 'A'

class B(A):
    def who(self):
        return 'B' + super().who()

class C(A):
    def who(self):
        return 'C' + super().who()

class D(B, C):
    pass

print(D().who())
`,
    }),
    q(
      'py-oop-repr',
      'oop',
      [1.0, -1.0],
      'Which method controls what `repr(obj)` returns?',
      ['`__repr__`', '`__str__`', '`__format__`', '`__name__`'],
      0,
    ),
    q(
      'py-oop-property-no-setter',
      'oop',
      [1.2, 0.7],
      'What happens on the last line?',
      [
        'An `AttributeError` is raised, because the property has no setter',
        '`t._c` becomes 100',
        '`t._c` becomes about 37.8',
        'The property is replaced by the plain attribute value 100',
      ],
      0,
      {
        code: `
class Temp:
    def __init__(self):
        self._c = 0

    @property
    def f(self):
        return self._c * 9 / 5 + 32

t = Temp()
t.f = 100
`,
      },
    ),
    q(
      'py-oop-self',
      'oop',
      [0.8, -1.8],
      'What is `self` in an instance method?',
      [
        'The instance the method was called on, passed automatically as the first argument',
        'The class the method is defined in',
        'A reserved keyword that refers to the current module',
        'The method object itself',
      ],
      0,
    ),
    q(
      'py-oop-eq-hash',
      'oop',
      [1.3, 1.3],
      'A class defines `__eq__` but not `__hash__`. What happens to its instances?',
      [
        'They are unhashable, so they cannot be put in a set or used as dict keys',
        'They hash by identity, as before `__eq__` was defined',
        'Python derives `__hash__` from the fields compared in `__eq__`',
        'The class definition raises a `TypeError`',
      ],
      0,
    ),
    q(
      'py-oop-classmethod',
      'oop',
      [1.0, -0.3],
      'What does a method decorated with `@classmethod` receive as its first argument?',
      [
        'The class it was called on, usually named `cls`',
        'The instance, usually named `self`',
        'Nothing: class methods take no implicit argument',
        "The class's metaclass",
      ],
      0,
    ),
    // ---- exceptions
    q(
      'py-exc-finally-return',
      'exceptions',
      [1.0, 0.1],
      'What does this code print?',
      ['`cleanup`, then `try`', '`try`, then `cleanup`', 'Only `try`', 'Only `cleanup`'],
      0,
      {
        code: `
def f():
    try:
        return 'try'
    finally:
        print('cleanup')

print(f())
`,
      },
    ),
    q(
      'py-exc-else',
      'exceptions',
      [1.1, 0.2],
      'When does the `else` block of a `try` statement run?',
      [
        'Only when the `try` block raised no exception',
        'Only when an exception was caught by an `except` block',
        'Always, after `finally`',
        'Only when an exception was not caught',
      ],
      0,
    ),
    q(
      'py-exc-handler-order',
      'exceptions',
      [1.0, -0.1],
      'What does this code print?',
      ['Exception', 'ValueError', 'Exception, then ValueError', 'Nothing: the `ValueError` propagates'],
      0,
      {
        code: `
try:
    int('x')
except Exception:
    print('Exception')
except ValueError:
    print('ValueError')
`,
      },
    ),
    q(
      'py-exc-raise-from',
      'exceptions',
      [1.2, 1.0],
      "In `raise RuntimeError('save failed') from err`, what does `from err` do?",
      [
        "Sets the new exception's `__cause__` to `err`, so the traceback shows `err` as the direct cause",
        'Re-raises `err` with a new message',
        'Suppresses `err` so only the `RuntimeError` is shown',
        'Converts `err` into a `RuntimeError`',
      ],
      0,
    ),
    q(
      'py-exc-bare-except',
      'exceptions',
      [1.1, 0.4],
      'Why is a bare `except:` clause usually discouraged?',
      [
        'It also catches `KeyboardInterrupt` and `SystemExit`',
        'It is a `SyntaxError` in Python 3',
        'It only catches exceptions raised by built-in functions',
        'It makes the `finally` block run twice',
      ],
      0,
    ),
    q(
      'py-exc-keyerror',
      'exceptions',
      [0.9, -1.6],
      "What does `{'a': 1}['b']` raise?",
      ['`KeyError`', '`IndexError`', '`ValueError`', '`AttributeError`'],
      0,
    ),
    q(
      'py-exc-exit-suppresses',
      'exceptions',
      [1.3, 1.2],
      'What does this code print?',
      ['after', 'Nothing: `ValueError: oops` propagates', '`ValueError: oops`, then after', 'True'],
      0,
      {
        code: `
class Quiet:
    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        return True

with Quiet():
    raise ValueError('oops')
print('after')
`,
      },
    ),
    // ---- typing
    q(
      'py-typing-optional',
      'typing',
      [1.1, -0.2],
      'Which annotation means the same as `Optional[int]`?',
      ['`int | None`', '`int | object`', '`Union[int, Any]`', '`int = 0`'],
      0,
    ),
    q(
      'py-typing-runtime',
      'typing',
      [1.0, -0.5],
      'Does the Python interpreter enforce type hints at runtime?',
      [
        'No; they are stored as annotations and checked by separate tools such as mypy',
        'Yes; a wrong argument type raises a `TypeError` when the function is called',
        'Only for functions decorated with `@typing.enforce`',
        'Only for the return type',
      ],
      0,
    ),
    q(
      'py-typing-builtin-generic',
      'typing',
      [1.0, -0.4],
      'Since Python 3.9, how do you annotate a list of strings without importing from `typing`?',
      ['`list[str]`', '`List(str)`', '`list<str>`', '`[str]`'],
      0,
    ),
    q(
      'py-typing-typeddict',
      'typing',
      [1.1, 0.8],
      'What does a `TypedDict` describe?',
      [
        'Dictionaries with a fixed set of string keys and a declared value type for each key',
        'A dict subclass that checks value types at runtime',
        'Dictionaries whose keys and values all share a single type',
        'An immutable dictionary',
      ],
      0,
    ),
    q(
      'py-typing-protocol',
      'typing',
      [1.3, 1.1],
      'What does `typing.Protocol` enable?',
      [
        'Structural subtyping: any class with the required methods matches, without inheriting from the protocol',
        'Runtime enforcement of method signatures',
        'Network protocol definitions for `asyncio`',
        'Abstract methods that raise `NotImplementedError` automatically',
      ],
      0,
    ),
    q(
      'py-typing-typevar',
      'typing',
      [1.2, 0.6],
      'What return type does a type checker infer for `first([1, 2])`?',
      ['`int`', '`T`', '`list[int]`', '`object`'],
      0,
      {
        code: `
from typing import Sequence, TypeVar

T = TypeVar('T')

def first(xs: Sequence[T]) -> T:
    return xs[0]
`,
      },
    ),
    // ---- standard library
    q(
      'py-stdlib-counter',
      'stdlib',
      [1.0, -0.2],
      'What does this code print?',
      ["[('a', 3)]", "[('b', 1)]", "('a', 3)", "{'a': 3}"],
      0,
      {
        code: `
from collections import Counter

c = Counter('banana')
print(c.most_common(1))
`,
      },
    ),
    q(
      'py-stdlib-defaultdict',
      'stdlib',
      [1.2, 0.6],
      'What does this code print?',
      ['[] 2', '[] 1', 'None 1', "It raises a `KeyError` for 'y'"],
      0,
      {
        code: `
from collections import defaultdict

d = defaultdict(list)
d['x'].append(1)
print(d['y'], len(d))
`,
      },
    ),
    q(
      'py-stdlib-pathlib',
      'stdlib',
      [0.9, -0.4],
      'Which expression builds the path `data/file.txt` portably with `pathlib`?',
      [
        "`Path('data') / 'file.txt'`",
        "`Path('data') + 'file.txt'`",
        "`Path('data').append('file.txt')`",
        "`Path.join('data', 'file.txt')`",
      ],
      0,
    ),
    q(
      'py-stdlib-sorted-key',
      'stdlib',
      [1.0, -0.7],
      "What is `sorted(['bb', 'a', 'ccc'], key=len, reverse=True)`?",
      ["`['ccc', 'bb', 'a']`", "`['a', 'bb', 'ccc']`", "`['ccc', 'a', 'bb']`", '`[3, 2, 1]`'],
      0,
    ),
    q(
      'py-stdlib-enumerate',
      'stdlib',
      [0.9, -0.9],
      "What is `list(enumerate('ab', start=1))`?",
      ["`[(1, 'a'), (2, 'b')]`", "`[(0, 'a'), (1, 'b')]`", "`[('a', 1), ('b', 2)]`", '`[1, 2]`'],
      0,
    ),
    // ---- beta (unscored)
    q(
      'py-stdlib-itertools-islice',
      'stdlib',
      [1.1, 0.5],
      'What does this code print?',
      ['[0, 1, 4]', '[0, 1, 4, 9]', '[1, 4, 9]', 'It never finishes'],
      0,
      {
        administered: false,
        code: `
from itertools import count, islice

squares = (n * n for n in count())
print(list(islice(squares, 3)))
`,
      },
    ),
    q(
      'py-typing-literal',
      'typing',
      [1.0, 0.3],
      "What does the annotation `mode: Literal['r', 'w']` tell a type checker?",
      [
        "`mode` must be exactly the string `'r'` or the string `'w'`",
        '`mode` must be a string of length 1',
        '`mode` must be a raw string literal',
        '`mode` is a constant that cannot be reassigned',
      ],
      0,
      { administered: false },
    ),
    q(
      'py-ds-dict-get',
      'data_structures',
      [0.9, -1.1],
      "What does `{'a': 1}.get('b', 0)` return?",
      ['`0`', '`None`', '`1`', 'It raises a `KeyError`'],
      0,
      { administered: false },
    ),
    // ---- translated variations (not administered in the English quiz)
    q(
      'py-comp-filter-es',
      'comprehensions',
      [1.0, -1.2],
      '¿Cuál es el valor de `[x * x for x in range(5) if x % 2 == 0]`?',
      ['`[0, 4, 16]`', '`[0, 1, 4, 9, 16]`', '`[4, 16]`', '`[1, 9]`'],
      0,
      {
        administered: false,
        language: 'es',
        variation_of: 'py-comp-filter',
      },
    ),
    q(
      'py-ds-mutable-default-de',
      'data_structures',
      [1.4, 0.4],
      'Was gibt dieser Code aus?',
      ['[1, 2]', '[2]', '[1]', 'Er löst einen `TypeError` aus'],
      0,
      {
        administered: false,
        language: 'de',
        variation_of: 'py-ds-mutable-default',
        code: `
def append_to(item, items=[]):
    items.append(item)
    return items

append_to(1)
print(append_to(2))
`,
      },
    ),
  ],
};
