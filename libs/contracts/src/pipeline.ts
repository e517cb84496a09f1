// The hiring pipeline of one invitation (`/api/hiring/invitations/{id}/pipeline`): where the
// candidate stands in the company's hiring round (a stage of the company's own ordered list, the
// default set until a company edits it), the recruiters' notes (author, time, text) and each
// recruiter's own 1-5 rating. Every write carries the pipeline version it was made on: a stale one
// is a 409, never a silent overwrite. None of it ever reaches the candidate. The company's stage
// list (`/api/hiring/settings/stages`) is versioned the same way. Requests are strict; responses
// are plain objects.
import { z } from 'zod';
import { IsoDateSchema } from './entities';

/** The default stages' keys, in the order a candidate moves through them; 'new' until someone moves them. */
export const PIPELINE_STAGES = ['new', 'reviewing', 'interview', 'offer', 'hired', 'rejected'] as const;
/**
 * A stage's key: stable for the stage's life (a rename changes its label only), so list filters,
 * the CSV and webhook receivers that name a stage keep working. A company's stages are its own.
 */
export type PipelineStage = string;

/** Where every invitation starts (and what an invitation stored before stages existed reads as). */
export const FIRST_STAGE = 'new';

/** What the default stages are called. */
export const PIPELINE_STAGE_LABELS: Record<(typeof PIPELINE_STAGES)[number], string> = {
  new: 'New',
  reviewing: 'Reviewing',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Rejected',
};

export const STAGE_LIMITS = {
  /** Stages one company may have. */
  MAX: 20,
  /** Characters of a stage's label. */
  LABEL_MAX: 40,
  /** Characters of a stage's key. */
  KEY_MAX: 40,
} as const;

export const STAGE_KEY_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const PipelineStageKeySchema = z
  .string({ message: 'a stage key is a string' })
  .max(STAGE_LIMITS.KEY_MAX, `a stage key is at most ${STAGE_LIMITS.KEY_MAX} characters`)
  .regex(STAGE_KEY_RE, 'a stage key is lowercase letters, digits and dashes');

/** One stage of a company's list. */
export const PipelineStageDefSchema = z.object({ key: z.string(), label: z.string() });
export type PipelineStageDef = z.infer<typeof PipelineStageDefSchema>;

/** The default list a company has until it edits its own. */
export const DEFAULT_PIPELINE_STAGES: readonly PipelineStageDef[] = PIPELINE_STAGES.map((key) => ({
  key,
  label: PIPELINE_STAGE_LABELS[key],
}));

/** A stage's label in a list, or its key when the list no longer has it. */
export function stageLabel(stages: readonly PipelineStageDef[], key: string | null | undefined): string {
  const k = key ?? FIRST_STAGE;
  return stages.find((s) => s.key === k)?.label ?? k;
}

/** GET /api/hiring/settings/stages and PUT's answer: the list, how many candidates each holds, the version. */
export const CompanyStagesSchema = z.object({
  stages: z.array(PipelineStageDefSchema.extend({ candidates: z.number() })),
  /** What the next write must name. */
  version: z.number(),
});
export type CompanyStages = z.infer<typeof CompanyStagesSchema>;

/**
 * PUT /api/hiring/settings/stages: the whole list in its new order. An entry with a key is that
 * existing stage (renamed, moved); one without is a new stage (its key is made from its label); a
 * stage left out is removed, which is a 409 while candidates are in it. 'new' stays (it can be
 * renamed and moved).
 */
export const CompanyStagesUpdateSchema = z
  .strictObject({
    stages: z
      .array(
        z.strictObject({
          key: PipelineStageKeySchema.optional(),
          label: z
            .string({ message: 'a stage needs a name' })
            .trim()
            .min(1, 'a stage needs a name')
            .max(STAGE_LIMITS.LABEL_MAX, `a stage name is at most ${STAGE_LIMITS.LABEL_MAX} characters`),
        }),
        { message: 'stages is a list' },
      )
      .min(1, 'keep at least one stage')
      .max(STAGE_LIMITS.MAX, `at most ${STAGE_LIMITS.MAX} stages`),
    version: z.number({ message: 'version is required' }).int().min(0),
  })
  .superRefine((v, ctx) => {
    const labels = new Set<string>();
    const keys = new Set<string>();
    for (const [i, s] of v.stages.entries()) {
      const l = s.label.toLowerCase();
      if (labels.has(l))
        ctx.addIssue({
          code: 'custom',
          path: ['stages', i, 'label'],
          message: `two stages are called ${s.label}`,
        });
      labels.add(l);
      if (s.key !== undefined) {
        if (keys.has(s.key))
          ctx.addIssue({
            code: 'custom',
            path: ['stages', i, 'key'],
            message: `stage ${s.key} is listed twice`,
          });
        keys.add(s.key);
      }
    }
    if (!keys.has(FIRST_STAGE))
      ctx.addIssue({
        code: 'custom',
        path: ['stages'],
        message: `keep the stage every candidate starts in (key ${FIRST_STAGE}); you may rename or move it`,
      });
  });
export type CompanyStagesUpdate = z.input<typeof CompanyStagesUpdateSchema>;

export const PIPELINE_LIMITS = {
  /** Characters of one note. */
  NOTE_MAX: 2000,
  /** Notes one invitation may hold (the document stays small however long a round runs). */
  NOTES_MAX: 200,
  RATING_MIN: 1,
  RATING_MAX: 5,
} as const;

/** The webhook event a stage change sends (when the company opted in), beside the quiz.* results. */
export const STAGE_CHANGED_EVENT = 'invitation.stage_changed';

const version = z.number({ message: 'version is required' }).int().min(0);

/** PUT .../pipeline/stage. */
export const PipelineStageUpdateSchema = z.strictObject({
  /** One of the company's stage keys (checked against its list by the server). */
  stage: PipelineStageKeySchema,
  version,
});
export type PipelineStageUpdate = z.input<typeof PipelineStageUpdateSchema>;

/** POST .../pipeline/notes. */
export const PipelineNoteCreateSchema = z.strictObject({
  text: z
    .string({ message: 'text is required' })
    .trim()
    .min(1, 'a note needs some text')
    .max(PIPELINE_LIMITS.NOTE_MAX, `a note is at most ${PIPELINE_LIMITS.NOTE_MAX} characters`),
  version,
});
export type PipelineNoteCreate = z.input<typeof PipelineNoteCreateSchema>;

/** PUT .../pipeline/rating: the signed-in recruiter's own rating; null takes it back. */
export const PipelineRatingUpdateSchema = z.strictObject({
  rating: z
    .number({ message: 'rating is a whole number from 1 to 5, or null' })
    .int('rating is a whole number from 1 to 5')
    .min(PIPELINE_LIMITS.RATING_MIN, 'rating is from 1 to 5')
    .max(PIPELINE_LIMITS.RATING_MAX, 'rating is from 1 to 5')
    .nullable(),
  version,
});
export type PipelineRatingUpdate = z.input<typeof PipelineRatingUpdateSchema>;

export const PipelineNoteSchema = z.object({
  id: z.string(),
  /** The recruiter's email. */
  author: z.string(),
  at: IsoDateSchema,
  text: z.string(),
});
export type PipelineNote = z.infer<typeof PipelineNoteSchema>;

export const PipelineRatingSchema = z.object({
  author: z.string(),
  rating: z.number(),
  at: IsoDateSchema,
});
export type PipelineRating = z.infer<typeof PipelineRatingSchema>;

/** GET .../pipeline and every write's answer. */
export const PipelineViewSchema = z.object({
  invitation_id: z.string(),
  stage: z.string(),
  /** The company's stages in order, for the stage picker. */
  stages: z.array(PipelineStageDefSchema),
  /** Who moved it to this stage and when; null while it is still 'new' from the start. */
  stage_changed_at: IsoDateSchema.nullable(),
  stage_changed_by: z.string().nullable(),
  /** Oldest first. */
  notes: z.array(PipelineNoteSchema),
  /** One per recruiter who rated. */
  ratings: z.array(PipelineRatingSchema),
  /** The mean of the ratings (one decimal), null when nobody rated. */
  rating: z.number().nullable(),
  /** What the next write must name. */
  version: z.number(),
});
export type PipelineView = z.infer<typeof PipelineViewSchema>;
