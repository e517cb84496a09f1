// The briefing before the start, as pure rules: how many questions, how long each one
// gets (extra time already applied by the server: `quiz.atoms[].seconds_per_question`), and who sees
// the integrity signals. The welcome page renders it below SPEC §2's texts.
import type { QuizResult } from '@skillquiz/contracts';
import { totalQuestions } from './time';

/** '90 seconds' → '1 minute 30 seconds'; '2 minutes 15 seconds'; '45 seconds'. */
export function spokenDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(s / 60);
  const rest = s % 60;
  const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  if (minutes === 0) return unit(rest, 'second');
  return rest === 0 ? unit(minutes, 'minute') : `${unit(minutes, 'minute')} ${unit(rest, 'second')}`;
}

export interface Briefing {
  questions: number;
  /** One line about the time per question, or null when the server does not say (older servers). */
  time: string | null;
  /** Who the recorded signals are shown to. */
  company: string;
}

export function briefingOf(result: QuizResult): Briefing {
  const atoms = result.quiz.atoms;
  const timed = atoms.filter((a) => typeof a.seconds_per_question === 'number');
  let time: string | null = null;
  if (timed.length === atoms.length && atoms.length > 0) {
    const distinct = new Set(timed.map((a) => Math.round(a.seconds_per_question!)));
    time =
      distinct.size === 1
        ? `${spokenDuration(timed[0].seconds_per_question!)} for each question.`
        : `Time for each question: ${timed.map((a) => `${spokenDuration(a.seconds_per_question!)} in ${a.name}`).join(', ')}.`;
  }
  return {
    questions: totalQuestions(result),
    time,
    company: result.quiz.company_name ?? 'the company that invited you',
  };
}
