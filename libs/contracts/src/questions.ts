// Question helpers both sides need, with no zod import: the admin questions remote imports this
// module as `@skillquiz/contracts/questions` (the package index pulls zod into a bundle), and the
// services and schemas use the same functions, so the rules are written once.
import { encodeBase64Utf8, decodeBase64Utf8 } from './base64';

/** A claim as stored: lowercase, whitespace replaced by '_' (SPEC §5). */
export function normalizeClaim(claim: string): string {
  return claim.trim().toLowerCase().replace(/\s+/g, '_');
}

interface HasQuestionText {
  question_text: string;
  code_block?: string;
  answers?: ReadonlyArray<{ text: string }>;
}

function mapQuestionText<T extends HasQuestionText>(q: T, f: (s: string) => string): T {
  return {
    ...q,
    question_text: f(q.question_text),
    ...(q.code_block === undefined ? {} : { code_block: f(q.code_block) }),
    ...(q.answers === undefined ? {} : { answers: q.answers.map((a) => ({ ...a, text: f(a.text) })) }),
  };
}

/** Client side: base64-encode question_text, code_block and every answer's text (SPEC §7). */
export function encodeQuestionPayload<T extends HasQuestionText>(question: T): T {
  return mapQuestionText(question, encodeBase64Utf8);
}

/** The inverse of encodeQuestionPayload; throws Base64Error on a field that is not base64 UTF-8. */
export function decodeQuestionPayload<T extends HasQuestionText>(payload: T): T {
  return mapQuestionText(payload, decodeBase64Utf8);
}

export interface Positioned {
  /** Zero-based locked position; undefined/null means "anywhere". */
  position?: number | null;
}

/** Uniform integer in [0, n). */
export type RandomInt = (n: number) => number;

/** A RandomInt that never shuffles: unlocked answers keep their order (the admin preview). */
export const NO_SHUFFLE: RandomInt = (n) => n - 1;

/**
 * The order a candidate sees a question's answers in: answers with a locked `position` sit at that
 * zero-based position; the others fill the free positions in the order `random` shuffles them to.
 * A locked position beyond the end, or two answers locked to the same position, cannot be honoured
 * literally: such answers take the first free positions (in the order of their locks), before the
 * shuffled ones, so every answer is still shown exactly once.
 */
export function servedOrder<T extends Positioned>(answers: readonly T[], random: RandomInt): T[] {
  const n = answers.length;
  const out: (T | undefined)[] = new Array(n).fill(undefined);
  const overflow: T[] = [];
  const free: T[] = [];
  const locked = answers
    .map((a, i) => ({ a, i }))
    .filter(({ a }) => a.position != null)
    .sort((x, y) => (x.a.position as number) - (y.a.position as number) || x.i - y.i);
  for (const { a } of locked) {
    const p = a.position as number;
    if (Number.isInteger(p) && p >= 0 && p < n && out[p] === undefined) out[p] = a;
    else overflow.push(a);
  }
  for (const a of answers) if (a.position == null) free.push(a);
  // Fisher-Yates over the unlocked answers.
  for (let i = free.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [free[i], free[j]] = [free[j], free[i]];
  }
  const fill = [...overflow, ...free];
  for (let p = 0, k = 0; p < n; p++) if (out[p] === undefined) out[p] = fill[k++];
  return out as T[];
}
