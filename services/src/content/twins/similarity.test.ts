import { codeTokens, fingerprint, jaccard, similarPairs } from './similarity';

const q = (question_text: string, code_block = '') => ({ question_text, code_block });

describe('twins similarity', () => {
  it('reads var, let and const, quotes and semicolons alike, and drops comments', () => {
    expect(codeTokens("var x = 'a'; // set x")).toEqual(codeTokens('let x = "a"'));
    const a = fingerprint(
      q(
        'What does this print?',
        'var total = 0;\nfor (var i = 0; i < 3; i++) total += i;\nconsole.log(total);',
      ),
    );
    const b = fingerprint(
      q(
        'What does this print?',
        'let total = 0\nfor (let i = 0; i < 3; i++) total += i\nconsole.log(total) /* 3 */',
      ),
    );
    expect(jaccard(a.all, b.all)).toBe(1);
  });

  it('keeps questions apart that share a template sentence but not their code', () => {
    const a = fingerprint(
      q('What does this print?', 'const xs = [1, 2, 3].map((x) => x * 2);\nconsole.log(xs.length);'),
    );
    const b = fingerprint(
      q('What does this print?', 'function f(n) { return n <= 1 ? 1 : n * f(n - 1); }\nconsole.log(f(5));'),
    );
    expect(jaccard(a.all, b.all)).toBeLessThan(0.3);
    expect(jaccard(a.text, b.text)).toBe(1);
  });

  it('finds exactly the pairs brute force finds', () => {
    // Random sets over a small alphabet, so many pairs sit near the threshold.
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const sets = Array.from({ length: 300 }, () => {
      const s = new Set<number>();
      const n = 3 + Math.floor(rnd() * 12);
      while (s.size < n) s.add(Math.floor(rnd() * 16));
      return Uint32Array.from(s).sort();
    });
    for (const t of [0.3, 0.5, 0.7]) {
      const brute: string[] = [];
      for (let i = 0; i < sets.length; i++)
        for (let j = i + 1; j < sets.length; j++) if (jaccard(sets[i], sets[j]) >= t) brute.push(`${i}-${j}`);
      const fast = similarPairs(sets, t).map((p) => `${p.i}-${p.j}`);
      expect(fast.sort()).toEqual(brute.sort());
      expect(brute.length).toBeGreaterThan(0);
    }
  });

  it('finds exactly the pairs brute force finds among questions made from templates', () => {
    // Many shared tokens (the positional filter's case) with near-duplicates at every similarity.
    let seed = 11;
    const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const words = 'what does this code print for value array loop index result'.split(' ');
    const questions = Array.from({ length: 400 }, (_, i) => {
      const base = i % 120;
      const w = (k: number) => words[(base * 7 + k * 3) % words.length];
      const edits = Math.floor(rnd() * 4);
      const code = Array.from({ length: 4 + (base % 5) }, (_, k) => `let ${w(k)}${base} = ${k + base};`);
      for (let e = 0; e < edits; e++) code[Math.floor(rnd() * code.length)] = `console.log(${i + e});`;
      return fingerprint(q(`Question: what does this ${w(1)} ${w(2)} code print?`, code.join('\n'))).all;
    });
    for (const t of [0.3, 0.5, 0.7, 0.9, 1]) {
      const brute: string[] = [];
      for (let i = 0; i < questions.length; i++)
        for (let j = i + 1; j < questions.length; j++)
          if (jaccard(questions[i], questions[j]) >= t) brute.push(`${i}-${j}`);
      const fast = similarPairs(questions, t).map((p) => `${p.i}-${p.j}`);
      expect(fast.sort()).toEqual(brute.sort());
      expect(brute.length).toBeGreaterThan(0);
    }
  });
});
