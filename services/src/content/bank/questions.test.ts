import { QuestionListQuerySchema } from '@skillquiz/contracts';
import { searchWordsOf } from '../models/question';
import { escapeRegex, longestWord, questionListFilter, withHashIds } from './questions';

describe('escapeRegex', () => {
  it.each(['a.b', '(.*)', '[x]+?', '$^|\\', '{1,2}'])('%s matches only itself', (text) => {
    const re = new RegExp(escapeRegex(text));
    expect(re.test(text)).toBe(true);
    expect(re.test(text.replace(/./g, 'z'))).toBe(false);
  });
});

describe('questionListFilter', () => {
  const filter = (q: Record<string, string>) => questionListFilter(QuestionListQuerySchema.parse(q));

  it("no filters: everything ('all' and absent atom alike)", () => {
    expect(filter({})).toEqual({});
    expect(filter({ atom: 'all' })).toEqual({});
  });

  it('atom, administered and an escaped case-insensitive search on text and code, narrowed by a word', () => {
    expect(filter({ atom: 'sql', only_administered: 'true', search: ' a.bc ' })).toEqual({
      atoms: 'sql',
      administered: true,
      $and: [
        { $or: [{ search_words: { $regex: 'bc', $options: 'i' } }] },
        {
          $or: [
            { question_text: { $regex: 'a\\.bc', $options: 'i' } },
            { code_block: { $regex: 'a\\.bc', $options: 'i' } },
          ],
        },
      ],
    });
  });

  it('a one-word search is answered by the words alone', () => {
    expect(filter({ search: 'Closure' })).toEqual({
      $or: [{ search_words: { $regex: 'Closure', $options: 'i' } }],
    });
  });

  it('a numeric search also finds the question with that id', () => {
    expect(filter({ search: '42' }).$or).toContainEqual({ _id: 42 });
    const [words, text] = filter({ search: '#42' }).$and as { $or: unknown[] }[];
    expect(words.$or).toContainEqual({ search_words: { $regex: '42', $options: 'i' } });
    expect(text.$or).toHaveLength(2); // '#42' is no id
  });

  it('a search without a word (punctuation only) reads the text of every question', () => {
    expect(filter({ search: '(.*' })).toEqual({
      $or: [
        { question_text: { $regex: '\\(\\.\\*', $options: 'i' } },
        { code_block: { $regex: '\\(\\.\\*', $options: 'i' } },
      ],
    });
  });
});

describe('search words', () => {
  it('are the distinct words of text and code, case kept, punctuation dropped', () => {
    expect(searchWordsOf('What does `f(x)` print? What?', 'const f = (x) => x_1 + 2;\nf(3)')).toEqual([
      'What',
      'does',
      'f',
      'x',
      'print',
      'const',
      'x_1',
      '2',
      '3',
    ]);
    expect(searchWordsOf('Qué año', null)).toEqual(['Qué', 'año']);
    expect(searchWordsOf('', '')).toEqual([]);
  });

  it("a search's longest word is contained in a word of every question the search matches", () => {
    const text = 'The closures of a.b() capture x';
    const words = searchWordsOf(text, '');
    for (const search of ['closure', 'LOSURES OF A', 'a.b(', 's of a.b() cap', '() capt']) {
      expect(text.toLowerCase()).toContain(search.toLowerCase());
      const word = longestWord(search)!;
      expect(words.some((w) => w.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    }
    expect(longestWord('(.*')).toBeNull();
  });

  it('a one-word search matches the text exactly when it matches one of its words', () => {
    const text = 'Why does x_1 = closure(42) log Ünïcode_ß?';
    const words = searchWordsOf(text, '');
    const inText = (s: string) => new RegExp(escapeRegex(s), 'i').test(text);
    const inWords = (s: string) => words.some((w) => new RegExp(escapeRegex(s), 'i').test(w));
    for (const search of ['closure', 'CLOS', 'x_1', '_1', '42', 'ünï', 'code_SS', 'code_ß', 'loser', 'y'])
      expect([search, inWords(search)]).toEqual([search, inText(search)]);
  });
});

describe('withHashIds', () => {
  it('keeps given hash_ids and gives each new answer a unique one', () => {
    const answers = withHashIds([
      // A parsed payload always carries the position key (undefined when the form left it random).
      { text: 'a', c: true, hash_id: 'kept-1', position: undefined },
      { text: 'b', c: false, position: undefined },
      { text: 'c', c: false, position: 2 },
    ]);
    expect(answers[0]).toEqual({ hash_id: 'kept-1', text: 'a', c: true });
    expect(answers[2]).toMatchObject({ text: 'c', position: 2 });
    expect(new Set(answers.map((a) => a.hash_id)).size).toBe(3);
    expect(answers[1].hash_id).toMatch(/^[A-Za-z0-9_-]{12}$/);
  });
});
