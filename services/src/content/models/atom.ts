// An atom: a skill topic with its question bank settings. `_id` is the slug (URL-safe, immutable).
import { Schema, model } from 'mongoose';
import {
  DEFAULT_LEVELS_THRESHOLDS,
  LevelThresholdsSchema,
  SLUG_RE,
  CONSTANTS,
  type Atom as AtomEntity,
} from '@skillquiz/contracts';
import { TIMESTAMPS, isInteger, type Timestamps } from '../../platform';

/**
 * The stored atom: the contracts' Atom with the slug as `_id`; `num_bank_questions` is not
 * stored (the server counts the bank when it answers).
 */
export type AtomDoc = Omit<AtomEntity, 'id' | 'num_bank_questions' | 'version'> &
  Timestamps & {
    /** The slug. */
    _id: string;
    /** 1 on create, +1 on every change (optimistic concurrency for the admin form). */
    version: number;
    /**
     * +1 after every write to a question that lists the atom (touchAtomBanks): with `version`, what tells a
     * services process that its prepared copy of the atom's bank (quiz/bank-cache.ts) is out of date.
     */
    bank_version?: number;
  };

const text = { type: String, default: '' };

const atomSchema = new Schema<AtomDoc>(
  {
    _id: { type: String, required: true, match: SLUG_RE, immutable: true },
    name: { type: String, required: true, trim: true },
    description: text,
    description_html: text,
    client_description: text,
    level_1_description: text,
    level_2_description: text,
    level_3_description: text,
    level_4_description: text,
    level_5_description: text,
    category: text,
    eta_minutes: { type: Number, default: CONSTANTS.DEFAULT_ETA_MINUTES, min: 0 },
    num_questions: { type: Number, default: CONSTANTS.DEFAULT_NUM_QUESTIONS, min: 0, validate: isInteger },
    format: { type: String, enum: ['Coding', 'Multiple Choice'], default: CONSTANTS.DEFAULT_ATOM_FORMAT },
    beta: { type: Boolean, default: false },
    supported_programming_languages: { type: [String], default: [] },
    beta_question_ordering: {
      type: [Number],
      default: [],
      validate: {
        validator: (ids: number[]) => ids.every((id) => isInteger(id) && id > 0),
        message: 'beta_question_ordering holds integer question ids',
      },
    },
    levels_thresholds: {
      // Mixed because the first value may be the string '-inf'; the contracts' schema checks the shape.
      type: [Schema.Types.Mixed],
      default: () => [...DEFAULT_LEVELS_THRESHOLDS],
      validate: {
        validator: (v: unknown) => LevelThresholdsSchema.safeParse(v).success,
        message: "levels_thresholds must be five increasing numbers, the first may be '-inf'",
      },
    },
    // Effort-aware scoring (contracts' Atom): read when a quiz of the atom ends (hiring/integrity/at-quiz-end.ts).
    effort_aware_scoring: { type: Boolean, default: false },
    // Atoms stored before versioning have none; they read as version 1.
    version: { type: Number, default: 1, min: 1, validate: isInteger },
    bank_version: { type: Number, default: 0 },
  },
  { collection: 'atoms', timestamps: TIMESTAMPS, versionKey: false },
);

// The atoms list hides beta atoms unless include_beta is set.
atomSchema.index({ beta: 1 });

export const Atom = model<AtomDoc>('Atom', atomSchema);

/**
 * Marks the banks of these atoms changed, after a write to questions that list (or listed) them: every
 * services process then prepares them again before its next selection. Call it after the write, so a
 * process that reads the old mark and then the new questions only prepares once more.
 */
export async function touchAtomBanks(slugs: Iterable<string>): Promise<void> {
  const ids = [...new Set(slugs)];
  if (ids.length === 0) return;
  await Atom.updateMany({ _id: { $in: ids } }, { $inc: { bank_version: 1 } }, { timestamps: false }).exec();
}
