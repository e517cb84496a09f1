// Content review calls: the review status, beta candidates, twins (near-duplicates) and
// variation links, attaching questions to an atom, and the "needs review" list with excerpts.
import { z } from 'zod';
import type { ReviewFlag } from './analytics';
import { CONSTANTS } from './constants';
import { QuestionStatusSchema, SlugSchema, type QuestionStatus } from './entities';

const version = z.number().int().positive();

/** POST /api/questions/:id/status */
export const StatusChangeSchema = z.strictObject({ status: QuestionStatusSchema, version });
export type StatusChange = z.infer<typeof StatusChangeSchema>;

/** Most questions one bulk status change may name (an import of 10,000 fits; the body stays under 1 MB). */
export const BULK_STATUS_MAX = 20_000;

/**
 * POST /api/questions/status: one review status for many questions (say, everything an import
 * created), each with the version the admin saw. All or nothing: while any question is missing,
 * stale or refused by a review rule, nothing is changed.
 */
export const BulkStatusChangeSchema = z.strictObject({
  status: QuestionStatusSchema,
  questions: z
    .array(z.strictObject({ id: z.number().int().positive(), version }))
    .min(1, 'name at least one question')
    .max(BULK_STATUS_MAX, `at most ${BULK_STATUS_MAX} questions per call`)
    .refine((qs) => new Set(qs.map((q) => q.id)).size === qs.length, 'a question is named twice'),
});
export type BulkStatusChange = z.infer<typeof BulkStatusChangeSchema>;
export interface BulkStatusChangeResponse {
  status: QuestionStatus;
  /** The questions whose status changed, with their new versions. */
  changed: { id: number; version: number }[];
  /** Already in that status: left as they were (same version). */
  unchanged: number[];
}

/** A question in a picker or a list: enough to recognise it (text as stored; the UI renders it). */
export interface QuestionExcerpt {
  id: number;
  /** The question text cut to about 200 characters at a word, with inline code spans kept whole. */
  excerpt: string;
  code_block: string;
  code_language: string | null;
  status: QuestionStatus;
  administered: boolean;
  all_atoms: string[];
  /** The question's spoken language (e.g. 'en', 'de'), or null when unset. */
  language?: string | null;
  version: number;
}

/** GET /api/questions/beta-candidates?search=&atom=&limit= */
export const BetaCandidatesQuerySchema = z.strictObject({
  search: z.string().max(CONSTANTS.LIMITS.SEARCH_MAX).default(''),
  atom: z.union([z.literal(''), SlugSchema]).optional(),
  limit: z
    .string()
    .regex(/^[1-9][0-9]?$/, 'limit must be 1 to 99')
    .transform(Number)
    .default(10),
});
export interface BetaCandidatesResponse {
  candidates: QuestionExcerpt[];
}

/** GET /api/questions/twins?atom=&threshold= */
export const TwinsQuerySchema = z.strictObject({
  atom: SlugSchema,
  threshold: z
    .string()
    .regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'threshold is a number from 0 to 1')
    .transform(Number)
    .refine((t) => t >= 0.3, 'threshold must be at least 0.3')
    .default(0.7),
});
export interface TwinPair {
  a: QuestionExcerpt;
  b: QuestionExcerpt;
  /** Jaccard similarity of the two questions' shingle sets (text and code together), 0..1. */
  similarity: number;
  text_similarity: number;
  /** null when neither has code. */
  code_similarity: number | null;
  /** Already in one variation family. */
  linked: boolean;
}
export interface TwinsResponse {
  atom: string;
  threshold: number;
  method: string;
  questions_compared: number;
  pairs: TwinPair[];
}

/** POST /api/questions/:id/variation: link (or unlink with null) as a variation of another question. */
export const VariationLinkSchema = z.strictObject({
  original_question_id: z.number().int().positive().nullable(),
  version,
});
export type VariationLink = z.infer<typeof VariationLinkSchema>;

/** POST /api/atoms/:id/questions/attach and /detach */
export const AttachSchema = z.strictObject({ question_id: z.number().int().positive(), version });
export type Attach = z.infer<typeof AttachSchema>;

/** GET /api/questions/needs-review?atom= */
export const NeedsReviewQuerySchema = z.strictObject({
  atom: z.string().min(1).max(64).default(CONSTANTS.ALL_ATOMS_KEY),
});
export interface NeedsReviewItem extends QuestionExcerpt {
  flags: ReviewFlag[];
}
export interface NeedsReviewResponse {
  atom: string;
  questions: NeedsReviewItem[];
}
