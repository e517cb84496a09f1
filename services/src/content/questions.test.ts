import { QuestionListQuerySchema } from '@skillquiz/contracts';
import { escapeRegex, questionListFilter, withHashIds } from './questions';

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

  it('atom, administered and an escaped case-insensitive search on text and code', () => {
    expect(filter({ atom: 'sql', only_administered: 'true', search: ' a.b ' })).toEqual({
      atoms: 'sql',
      administered: true,
      $or: [
        { question_text: { $regex: 'a\\.b', $options: 'i' } },
        { code_block: { $regex: 'a\\.b', $options: 'i' } },
      ],
    });
  });

  it('a numeric search also finds the question with that id', () => {
    expect(filter({ search: '42' }).$or).toContainEqual({ _id: 42 });
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
