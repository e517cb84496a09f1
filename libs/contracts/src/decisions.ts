// The decision view of an invitation (GET /api/hiring/invitations/{id}/decision) and the comparison
// of up to four candidates of one role (GET /api/hiring/roles/{id}/compare?ids=a,b,c,d): per atom
// the probability of meeting the role's bar, the percentile as an interval from the posterior, and
// per topic (claim) how the candidate did against what their level predicts. Never question texts
// or answers: a company's views must not leak the question bank.
import { z } from 'zod';

/** The central posterior mass the percentile interval holds. */
export const PERCENTILE_INTERVAL_MASS = 0.8;

export const CLAIM_VERDICTS = ['above', 'as_expected', 'below', 'too_few'] as const;
export type ClaimVerdictName = (typeof CLAIM_VERDICTS)[number];

export const TopicFitSchema = z.object({
  /** The topic label; '' for questions without one. */
  claim: z.string(),
  questions: z.number(),
  correct: z.number(),
  /** Correct answers the model expects at the candidate's estimate. */
  expected: z.number(),
  verdict: z.enum(CLAIM_VERDICTS),
});
export type TopicFit = z.infer<typeof TopicFitSchema>;

export const DecisionAtomSchema = z.object({
  atom_id: z.string(),
  atom_name: z.string(),
  required: z.boolean(),
  /** The role's bar for this atom when invited (1..5), or null. */
  bar: z.number().nullable(),
  /** P(level >= bar) from the posterior, once finished and barred. */
  meets: z.number().nullable(),
  level: z.number().nullable(),
  level_probabilities: z.array(z.number()).length(5).nullable(),
  estimate: z.number().nullable(),
  error: z.number().nullable(),
  /** The percentile at the ends of the central credible interval of theta, and how many it rests on. */
  percentile_interval: z
    .object({ low: z.number(), high: z.number(), mass: z.number(), among: z.number() })
    .nullable(),
  topics: z.array(TopicFitSchema),
  /** Seconds from the atom's start to its finish. */
  time_used_seconds: z.number().nullable(),
});
export type DecisionAtom = z.infer<typeof DecisionAtomSchema>;

export const DecisionSchema = z.object({
  invitation_id: z.string(),
  candidate_name: z.string().nullable(),
  role_id: z.string().nullable(),
  status: z.string(),
  atoms: z.array(DecisionAtomSchema),
  /** P(every barred atom meets its bar), treating atoms as independent; null until all have a result. */
  meets_all: z.number().nullable(),
  integrity: z.object({
    tab_switches: z.number(),
    offline_periods: z.number(),
    devtools_opened: z.number(),
    clipboard_uses: z.number(),
    time_away_seconds: z.number(),
  }),
});
export type Decision = z.infer<typeof DecisionSchema>;

/** At most this many candidates side by side. */
export const COMPARE_MAX = 4;

export const CompareQuerySchema = z.object({
  ids: z
    .string()
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(
      z
        .array(z.string().regex(/^[0-9a-f]{24}$/i, 'ids are invitation ids'))
        .min(2, 'compare at least two candidates')
        .max(COMPARE_MAX, `compare at most ${COMPARE_MAX} candidates`),
    ),
  company: z.string().max(100).optional(),
});

export const CompareResponseSchema = z.object({
  role: z.object({ id: z.string(), name: z.string() }),
  candidates: z.array(DecisionSchema),
});
export type CompareResponse = z.infer<typeof CompareResponseSchema>;
