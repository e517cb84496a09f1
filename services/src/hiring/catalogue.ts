// The test catalogue of the invite page (GET /api/hiring/catalogue): each atom a candidate can take,
// described for the company choosing it. Only what can be taken is offered (invitations/
// availability.ts: enough questions ready to serve; content still in review never counts). Its
// duration is derived, not the content team's eta_minutes on its own: the questions the quiz will
// ask (the scored ones, plus the one unscored beta question when the atom has beta questions) times
// the time limit the quiz gives each (quiz/timing.ts, the same rule and override the quiz uses), as
// the longest it can take. No question text or answer is read here.
import type { CatalogueAtom, HiringCatalogueResponse } from '@skillquiz/contracts';
import type { Config } from '../platform';
import { atomAvailability } from './invitations/availability';
import { Atom } from '../content';
import { questionTimeLimitSeconds } from '../quiz';

const LEVELS = [1, 2, 3, 4, 5] as const;

interface CatalogueAtomLean {
  _id: string;
  name: string;
  beta?: boolean;
  client_description?: string | null;
  eta_minutes?: number | null;
  num_questions?: number | null;
  beta_question_ordering?: number[];
  [level: `level_${number}_description`]: string | null | undefined;
}

/** The estimate of one atom: questions asked, seconds each, whole minutes at most. */
export function estimateOf(
  atom: Pick<CatalogueAtomLean, 'eta_minutes' | 'num_questions' | 'beta_question_ordering'>,
  scoredQuestions: number,
  overrideSeconds?: number,
): Pick<CatalogueAtom, 'num_questions' | 'seconds_per_question' | 'estimated_minutes'> {
  const questions = scoredQuestions + ((atom.beta_question_ordering ?? []).length > 0 ? 1 : 0);
  const seconds = questionTimeLimitSeconds(atom, overrideSeconds);
  return {
    num_questions: questions,
    seconds_per_question: seconds,
    estimated_minutes: Math.ceil((questions * seconds) / 60),
  };
}

export async function hiringCatalogue(
  config: Pick<Config, 'questionTimeLimitSeconds'>,
): Promise<HiringCatalogueResponse> {
  const [docs, availability] = await Promise.all([
    Atom.find({})
      .select({
        name: 1,
        beta: 1,
        client_description: 1,
        eta_minutes: 1,
        num_questions: 1,
        beta_question_ordering: 1,
        ...Object.fromEntries(LEVELS.map((l) => [`level_${l}_description`, 1])),
      })
      .sort({ name: 1 })
      .lean<CatalogueAtomLean[]>()
      .exec(),
    atomAvailability(),
  ]);
  const atoms: CatalogueAtom[] = [];
  for (const a of docs) {
    const av = availability.get(a._id);
    if (!av?.takeable) continue;
    atoms.push({
      id: a._id,
      name: a.name,
      beta: a.beta === true,
      client_description: a.client_description ?? '',
      ...estimateOf(a, av.needed, config.questionTimeLimitSeconds),
      level_descriptions: LEVELS.map((l) => a[`level_${l}_description`] ?? ''),
    });
  }
  return { atoms };
}
