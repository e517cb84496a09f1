// Rules every demo atom must satisfy: enough real questions per atom,
// well-formed answers, resolvable references, plausible 2PL parameters.
import { demoCompany, demoInvitation, seedAtoms } from './index';
import type { SeedAtom, SeedQuestion } from './types';

const CLAIM = /^[a-z]+(_[a-z]+)*$/;
const INLINE_CODE = /`[^`\n]+`/;

function hasInlineCode(q: SeedQuestion): boolean {
  return INLINE_CODE.test(q.question_text) || q.answers.some((a) => INLINE_CODE.test(a.text));
}

const mainQuestions = (atom: SeedAtom) => atom.questions.filter((q) => !q.variation_of);

describe('seed content', () => {
  it('has the three demo atoms with unique ids', () => {
    expect(seedAtoms.map((a) => a.id).sort()).toEqual(['javascript', 'python', 'sql']);
  });

  it('uses question keys that are unique across all atoms', () => {
    const keys = seedAtoms.flatMap((a) => a.questions.map((q) => q.key));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('references only existing atoms in the demo invitation', () => {
    const ids = new Set(seedAtoms.map((a) => a.id));
    for (const id of [...demoInvitation.required_atoms, ...demoInvitation.optional_atoms])
      expect(ids).toContain(id);
    expect(demoCompany.logo_url).toMatch(/^\/assets\/.+\.svg$/);
  });

  describe.each(seedAtoms.map((a) => [a.id, a] as const))('atom %s', (_id, atom) => {
    const administered = mainQuestions(atom).filter((q) => q.administered);
    const keys = new Map(atom.questions.map((q) => [q.key, q]));

    it('has the fixed atom settings and increasing thresholds', () => {
      expect(atom.num_questions).toBe(10);
      expect(atom.format).toBe('Multiple Choice');
      expect(atom.beta).toBe(false);
      expect(atom.levels_thresholds[0]).toBe('-inf');
      const t = atom.levels_thresholds.slice(1) as number[];
      for (let i = 1; i < t.length; i++) expect(t[i]).toBeGreaterThan(t[i - 1]);
      expect(atom.supported_programming_languages.length).toBeGreaterThan(0);
      for (const field of [
        'name',
        'category',
        'description',
        'description_html',
        'client_description',
      ] as const) {
        expect(atom[field].length).toBeGreaterThan(0);
      }
    });

    it('has at least 42 administered questions', () => {
      expect(administered.length).toBeGreaterThanOrEqual(42);
    });

    it('lists 3-4 non-administered beta questions that exist in the atom', () => {
      expect(atom.beta_question_keys.length).toBeGreaterThanOrEqual(3);
      expect(atom.beta_question_keys.length).toBeLessThanOrEqual(4);
      expect(new Set(atom.beta_question_keys).size).toBe(atom.beta_question_keys.length);
      for (const key of atom.beta_question_keys) {
        const q = keys.get(key);
        expect(q).toBeDefined();
        expect(q!.administered).toBe(false);
        expect(q!.variation_of).toBeUndefined();
      }
    });

    it('has at least 2 translated variations of existing questions', () => {
      const variations = atom.questions.filter((q) => q.variation_of);
      expect(variations.length).toBeGreaterThanOrEqual(2);
      for (const v of variations) {
        const original = keys.get(v.variation_of!);
        expect(original).toBeDefined();
        expect(original!.variation_of).toBeUndefined();
        expect(v.language).not.toBe(original!.language);
        expect(v.question_text).not.toBe(original!.question_text);
        expect(v.answers.length).toBe(original!.answers.length);
        expect(v.answers.findIndex((a) => a.c)).toBe(original!.answers.findIndex((a) => a.c));
        expect(v.claim).toBe(original!.claim);
      }
    });

    it('gives every question 4 distinct answers with exactly one correct', () => {
      for (const q of atom.questions) {
        expect([q.key, q.answers.length]).toEqual([q.key, 4]);
        expect([q.key, q.answers.filter((a) => a.c).length]).toEqual([q.key, 1]);
        const texts = q.answers.map((a) => a.text.trim());
        expect([q.key, new Set(texts).size]).toEqual([q.key, 4]);
        for (const t of texts) {
          expect(t).not.toMatch(/all of the above|none of (the above|these)/i);
          expect(t.length).toBeGreaterThan(0);
        }
      }
    });

    it('locks answers in 3-5 questions, each with positions 0..3', () => {
      const locked = atom.questions.filter(
        (q) => !q.variation_of && q.answers.some((a) => a.position !== undefined),
      );
      expect(locked.length).toBeGreaterThanOrEqual(3);
      expect(locked.length).toBeLessThanOrEqual(5);
      for (const q of locked) expect(q.answers.map((a) => a.position).sort()).toEqual([0, 1, 2, 3]);
    });

    it('has no duplicate question texts in one language', () => {
      const seen = new Set<string>();
      for (const q of atom.questions) {
        const id = `${q.language}|${q.question_text}|${q.code_block}`;
        expect(seen.has(id) ? q.key : null).toBeNull();
        seen.add(id);
      }
    });

    it('uses lowercase_underscored claims and covers at least 6 topics', () => {
      for (const q of atom.questions) expect([q.key, q.claim]).toEqual([q.key, expect.stringMatching(CLAIM)]);
      expect(new Set(administered.map((q) => q.claim)).size).toBeGreaterThanOrEqual(6);
    });

    it('has plausible 2PL parameters spread over difficulty', () => {
      const bs: number[] = [];
      for (const q of atom.questions) {
        const { a, d } = q.difficulty_params;
        expect([q.key, a >= 0.6 && a <= 2.2]).toEqual([q.key, true]);
        const b = -d / a;
        expect([q.key, b >= -2.5 && b <= 2.5]).toEqual([q.key, true]);
        expect(Math.round(d * 1000) / 1000).toBe(d);
        if (q.administered) bs.push(b);
      }
      expect(bs.filter((b) => b < -1).length).toBeGreaterThanOrEqual(3);
      expect(bs.filter((b) => b > 1).length).toBeGreaterThanOrEqual(3);
      const mean = bs.reduce((s, b) => s + b, 0) / bs.length;
      expect(Math.abs(mean)).toBeLessThan(0.5);
    });

    it('has at least 12 code blocks in the atom language and 8 questions with inline code', () => {
      const lang = atom.supported_programming_languages[0];
      const withCode = atom.questions.filter((q) => q.code_block !== '');
      for (const q of withCode) expect(q.code_language).toBe(lang);
      for (const q of atom.questions.filter((x) => x.code_block === '')) expect(q.code_language).toBeNull();
      expect(mainQuestions(atom).filter((q) => q.code_block !== '').length).toBeGreaterThanOrEqual(12);
      expect(mainQuestions(atom).filter(hasInlineCode).length).toBeGreaterThanOrEqual(8);
    });
  });
});
