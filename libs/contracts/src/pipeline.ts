// The hiring pipeline of one invitation (`/api/hiring/invitations/{id}/pipeline`): where the
// candidate stands in the company's hiring round (a stage of one fixed, ordered set), the
// recruiters' notes (author, time, text) and each recruiter's own 1-5 rating. Every write carries
// the pipeline version it was made on: a stale one is a 409, never a silent overwrite. None of it
// ever reaches the candidate. Requests are strict; responses are plain objects.
import { z } from 'zod';
import { IsoDateSchema } from './entities';

/** The stages, in the order a candidate moves through them; 'new' until someone moves them. */
export const PIPELINE_STAGES = ['new', 'reviewing', 'interview', 'offer', 'hired', 'rejected'] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

/** What the pages and the CSV call each stage. */
export const PIPELINE_STAGE_LABELS: Record<PipelineStage, string> = {
  new: 'New',
  reviewing: 'Reviewing',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Rejected',
};

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
  stage: z.enum(PIPELINE_STAGES, { message: `stage is one of ${PIPELINE_STAGES.join(', ')}` }),
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
  stage: z.enum(PIPELINE_STAGES),
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
