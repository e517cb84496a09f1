// An atom: a skill topic with its question bank settings. `_id` is the slug (URL-safe, immutable).
import { Schema, model } from 'mongoose';
import { DEFAULT_LEVELS_THRESHOLDS, LevelThresholdsSchema, SLUG_RE, CONSTANTS, type LevelThresholds } from '@skillquiz/contracts';
import { TIMESTAMPS, isInteger, type Timestamps } from './common';

export interface AtomDoc extends Timestamps {
  /** The slug. */
  _id: string;
  name: string;
  description: string;
  description_html: string;
  client_description: string;
  level_1_description: string;
  level_2_description: string;
  level_3_description: string;
  level_4_description: string;
  level_5_description: string;
  category: string;
  eta_minutes: number;
  /** Scored questions served per quiz for this atom. */
  num_questions: number;
  format: 'Coding' | 'Multiple Choice';
  beta: boolean;
  supported_programming_languages: string[];
  /** Integer question ids served unscored for calibration, in this order. */
  beta_question_ordering: number[];
  /** Five increasing values, the first may be '-inf'. */
  levels_thresholds: LevelThresholds;
}

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
      validate: { validator: (ids: number[]) => ids.every((id) => isInteger(id) && id > 0), message: 'beta_question_ordering holds integer question ids' },
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
  },
  { collection: 'atoms', timestamps: TIMESTAMPS, versionKey: false },
);

// The atoms list hides beta atoms unless include_beta is set.
atomSchema.index({ beta: 1 });

export const Atom = model<AtomDoc>('Atom', atomSchema);
