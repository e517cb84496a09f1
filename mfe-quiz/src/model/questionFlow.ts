// How the client mirrors the server's quiz state during the question flow (SPEC §4), as pure functions.
import type { AnswerResponse, CandidateQuestion, PastQuestion, QuizResult } from '@skillquiz/contracts';

/** The question the page should show: the next question, or question 1 of a quiz not started yet. */
export function wantedQuestionNumber(result: QuizResult): number | null {
  // Nothing can be served yet (the welcome page says so): no question to fetch.
  if (result.unavailable) return null;
  if (result.next_question) return result.next_question.number;
  if (!result.started_at && !result.finished_at) return 1;
  return null;
}

/** A freshly served question joins past questions as incorrect until answered; started_at is set if unset. */
export function addServedQuestion(result: QuizResult, q: CandidateQuestion, nowIso: string): QuizResult {
  const known = result.past_questions.some((p) => p.number === q.number);
  const entry: PastQuestion = {
    number: q.number,
    correct: false,
    atom_id: q.atom_id,
    claim: q.claim,
    difficulty_params: q.difficulty_params,
    post_skill_estimate: null,
    post_skill_estimate_error: null,
  };
  return {
    ...result,
    started_at: result.started_at ?? nowIso,
    next_question: { number: q.number, expires_at: q.expires_at },
    past_questions: known ? result.past_questions : [...result.past_questions, entry],
  };
}

/** After an answer: the last past question gets correct and the estimates; next_question moves on. */
export function applyAnswer(result: QuizResult, answered: number, response: AnswerResponse): QuizResult {
  const past = [...result.past_questions];
  let index = past.findIndex((p) => p.number === answered);
  if (index < 0) index = past.length - 1;
  if (index >= 0) {
    past[index] = {
      ...past[index],
      correct: response.correct,
      post_skill_estimate: response.post_skill_estimate,
      post_skill_estimate_error: response.post_skill_estimate_error,
    };
  }
  return { ...result, past_questions: past, next_question: response.next_question ?? null };
}
