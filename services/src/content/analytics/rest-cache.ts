// Rest abilities kept per quiz between statistics lists. A response's rest ability (its candidate's
// ability for the atom without that answer, @skillquiz/item-analysis RestAbilities) depends only on the
// responses of its own quiz, so after a new answer only that quiz's are computed again: at 200,000 served
// answers they were most of a list's cost. Computed over a subset of quizzes, in the same order, the numbers
// are the same as over all of them (each (quiz, atom) group is summed alone), so a list is identical whichever
// quizzes were kept.
import { RestAbilities, type ServedResponse } from '@skillquiz/item-analysis';
import { KeptByVersion } from './kept';

/** One quiz's run of responses in a response list, and the version of its responses. */
export interface QuizSpan {
  quizId: string;
  /** where its responses start in the list, and how many there are */
  start: number;
  length: number;
  /** changes whenever its responses may have changed (records.ts versionOf) */
  version: string;
}

/** At most this many responses' rest abilities are kept (about 8 bytes each, plus a small entry per quiz). */
const MAX_KEPT_RESPONSES = 1_000_000;

export class RestEstimateCache {
  private readonly kept = new KeptByVersion<Float64Array>(MAX_KEPT_RESPONSES, (e) => e.length);

  /**
   * Every response's rest ability, as `new RestAbilities(responses).allRestEstimates()` gives them; `spans`
   * cover `responses` quiz by quiz. Quizzes kept at the same version are not computed again.
   */
  estimates(responses: readonly ServedResponse[], spans: readonly QuizSpan[]): Float64Array {
    const out = new Float64Array(responses.length);
    const todo: QuizSpan[] = [];
    for (const span of spans) {
      const hit = this.kept.get(span.quizId, span.version);
      if (hit && hit.length === span.length) out.set(hit, span.start);
      else todo.push(span);
    }
    if (!todo.length) return out;
    const subset: ServedResponse[] = [];
    for (const span of todo) for (let i = 0; i < span.length; i++) subset.push(responses[span.start + i]);
    const computed = new RestAbilities(subset).allRestEstimates();
    let at = 0;
    for (const span of todo) {
      const estimates = computed.slice(at, at + span.length);
      at += span.length;
      out.set(estimates, span.start);
      this.kept.set(span.quizId, span.version, estimates);
    }
    return out;
  }
}
