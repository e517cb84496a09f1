// Sample content for the remotes' in-memory fakes (their dev pages and component tests): atoms and
// questions that look like the real bank (code in several languages, a beta atom, a variation, a
// question that is not administered), so a page on fake data shows what it shows in the product.
// Fresh copies on every call: a fake mutates its own.
import type { Atom, Question, QuestionExcerpt } from '@skillquiz/contracts';

const THRESHOLDS: Atom['levels_thresholds'] = ['-inf', -1, -0.25, 0.5, 1.25];

function atom(fields: Partial<Atom> & Pick<Atom, 'id' | 'name' | 'category'>): Atom {
  return {
    description: '',
    description_html: '',
    client_description: '',
    level_1_description: 'Knows the basic syntax.',
    level_2_description: 'Writes small programs with help.',
    level_3_description: 'Works independently on everyday tasks.',
    level_4_description: 'Handles the tricky parts and reviews others.',
    level_5_description: 'Knows the language inside out.',
    eta_minutes: 20,
    num_questions: 10,
    num_bank_questions: 0,
    format: 'Multiple Choice',
    beta: false,
    supported_programming_languages: [],
    beta_question_ordering: [],
    levels_thresholds: [...THRESHOLDS],
    version: 3,
    ...fields,
  };
}

let hash = 0;
const answers = (texts: string[], correct: number): Question['answers'] =>
  texts.map((text, i) => ({ text, hash_id: `a${(hash++).toString(36).padStart(5, '0')}`, c: i === correct }));

function question(
  fields: Partial<Question> & Pick<Question, 'id' | 'question_text' | 'answers' | 'all_atoms'>,
): Question {
  return {
    code_block: '',
    code_language: null,
    language: null,
    administered: true,
    number: 0,
    expires_at: null,
    original_question_id: null,
    claim: null,
    difficulty_params: { a: 1.1, d: 0.2 },
    version: 2,
    created_at: '2026-03-02T09:15:00.000Z',
    updated_at: '2026-05-11T14:40:00.000Z',
    ...fields,
  };
}

export function sampleAtoms(): Atom[] {
  return [
    atom({
      id: 'javascript',
      name: 'JavaScript',
      category: 'Programming languages',
      description: 'Closures, the event loop, promises and the language’s sharp edges.',
      description_html: '<p>Closures, the event loop, promises and the language’s sharp edges.</p>',
      client_description: 'How well the candidate reads and writes modern JavaScript.',
      eta_minutes: 25,
      num_questions: 10,
      num_bank_questions: 5,
      format: 'Coding',
      supported_programming_languages: ['javascript', 'typescript'],
      beta_question_ordering: [107, 108],
    }),
    atom({
      id: 'python',
      name: 'Python',
      category: 'Programming languages',
      description: 'Data structures, comprehensions, generators and the standard library.',
      client_description: 'Everyday Python, from lists to generators.',
      num_questions: 8,
      num_bank_questions: 2,
      format: 'Coding',
      supported_programming_languages: ['python'],
    }),
    atom({
      id: 'sql',
      name: 'SQL',
      category: 'Data',
      description: 'Joins, grouping, window functions and NULL.',
      client_description: 'Reading and writing queries against a relational database.',
      eta_minutes: 15,
      num_questions: 8,
      num_bank_questions: 2,
    }),
    atom({
      id: 'rust-async',
      name: 'Async Rust',
      category: 'Programming languages',
      description: 'Futures, executors and pinning (calibrating: beta).',
      beta: true,
      num_questions: 6,
      num_bank_questions: 1,
      format: 'Coding',
      supported_programming_languages: ['rust'],
    }),
  ];
}

export function sampleQuestions(): Question[] {
  hash = 0;
  return [
    question({
      id: 101,
      question_text: 'What does this code log?',
      code_block: ['for (var i = 0; i < 3; i++) {', '  setTimeout(() => console.log(i), 0);', '}'].join('\n'),
      code_language: 'javascript',
      answers: answers(['`0 1 2`', '`3 3 3`', '`undefined` three times', 'Nothing: it throws'], 1),
      all_atoms: ['javascript'],
      claim: 'closures',
      difficulty_params: { a: 1.4, d: 0.3 },
    }),
    question({
      id: 102,
      question_text: 'In which order are the lines printed?',
      code_block: [
        "console.log('A');",
        "setTimeout(() => console.log('B'), 0);",
        "Promise.resolve().then(() => console.log('C'));",
        "console.log('D');",
      ].join('\n'),
      code_language: 'javascript',
      answers: answers(['A B C D', 'A D C B', 'A D B C', 'A C D B'], 1),
      all_atoms: ['javascript'],
      claim: 'event_loop',
      difficulty_params: { a: 1.2, d: -0.4 },
    }),
    question({
      id: 103,
      question_text: 'What is the type of `x`?',
      code_block: "const x = [1, 'two', 3] as const;",
      code_language: 'typescript',
      answers: answers(
        [
          '`(string | number)[]`',
          "`readonly [1, 'two', 3]`",
          "`[1, 'two', 3]`",
          '`readonly (string | number)[]`',
        ],
        1,
      ),
      all_atoms: ['javascript'],
      claim: 'types',
      difficulty_params: { a: 0.9, d: -1.1 },
    }),
    question({
      id: 104,
      question_text:
        'Which method returns a new array with only the items for which the callback returns true?',
      answers: answers(['`map`', '`filter`', '`reduce`', '`forEach`'], 1),
      all_atoms: ['javascript'],
      claim: 'arrays',
      difficulty_params: { a: 0.8, d: 1.6 },
    }),
    question({
      id: 105,
      question_text: 'What does the generator yield?',
      code_block: [
        'def squares(n):',
        '    for i in range(n):',
        '        yield i * i',
        '',
        'print(list(squares(4)))',
      ].join('\n'),
      code_language: 'python',
      answers: answers(['`[0, 1, 4, 9]`', '`[1, 4, 9, 16]`', '`<generator object>`', '`[0, 1, 2, 3]`'], 0),
      all_atoms: ['python'],
      claim: 'generators',
    }),
    question({
      id: 106,
      question_text:
        'How many rows does the query return when `orders` has 5 rows, 2 of them with a NULL `customer_id`?',
      code_block: 'SELECT COUNT(customer_id) FROM orders;',
      code_language: 'sql',
      answers: answers(['One row', 'Three rows', 'Five rows', 'None'], 0),
      all_atoms: ['sql'],
      claim: 'null',
      difficulty_params: { a: 1.3, d: -0.2 },
    }),
    question({
      id: 107,
      question_text:
        'Welche Methode gibt ein neues Array mit den Elementen zurück, für die der Callback true liefert?',
      answers: answers(['`map`', '`filter`', '`reduce`', '`some`'], 1),
      all_atoms: ['javascript'],
      language: 'de',
      original_question_id: 104,
      claim: 'arrays',
      administered: false,
    }),
    question({
      id: 108,
      question_text: 'What does `await` do inside an `async fn` in Rust?',
      code_block: [
        'async fn fetch() -> u32 { 42 }',
        '',
        'async fn run() {',
        '    let n = fetch().await;',
        '}',
      ].join('\n'),
      code_language: 'rust',
      answers: answers(
        [
          'Blocks the thread until the future is ready',
          'Yields to the executor until the future is ready',
          'Spawns a new thread',
          'Nothing: futures run eagerly',
        ],
        1,
      ),
      all_atoms: ['rust-async'],
      claim: 'futures',
      administered: false,
      difficulty_params: { a: 1, d: 0 },
    }),
    question({
      id: 109,
      question_text: 'Which clause filters groups after `GROUP BY`?',
      answers: answers(['`WHERE`', '`HAVING`', '`FILTER`', '`QUALIFY`'], 1),
      all_atoms: ['sql'],
      claim: 'grouping',
    }),
  ];
}

/** The select options the question editor offers (Prism names; ISO 639-1 languages). */
export const SAMPLE_OPTIONS = {
  code_block_options: [
    { value: 'javascript', label: 'JavaScript' },
    { value: 'typescript', label: 'TypeScript' },
    { value: 'python', label: 'Python' },
    { value: 'sql', label: 'SQL' },
    { value: 'rust', label: 'Rust' },
    { value: 'bash', label: 'Shell' },
  ],
  claim_options: [
    'arrays',
    'closures',
    'event_loop',
    'futures',
    'generators',
    'grouping',
    'null',
    'types',
  ].map((c) => ({ value: c, label: c })),
  language_options: [
    { value: 'en', label: 'English' },
    { value: 'de', label: 'German' },
    { value: 'fr', label: 'French' },
  ],
};

/** A question as the server's excerpt lists give it (pickers, twins, Needs review): the fakes' one shape of it. */
export function sampleExcerpt(q: Question): QuestionExcerpt {
  return {
    id: q.id,
    excerpt: q.question_text.slice(0, 200),
    code_block: q.code_block,
    code_language: q.code_language,
    status: q.status ?? 'ready',
    administered: q.administered,
    all_atoms: q.all_atoms,
    language: q.language ?? null,
    version: q.version ?? 1,
  };
}
