// Shared pieces of the models: snake_case timestamps and the 2PL parameter sub-schema.
import { Schema } from 'mongoose';

/** created_at / updated_at, matching the snake_case of every API payload. */
export const TIMESTAMPS = { createdAt: 'created_at', updatedAt: 'updated_at' } as const;

export interface Timestamps {
  created_at: Date;
  updated_at: Date;
}

export interface DifficultyParamsDoc {
  a: number;
  d: number;
}

/** 2PL parameters; an uncalibrated question behaves as average (a 1, d 0), as in the contracts. */
export const difficultyParamsSchema = new Schema<DifficultyParamsDoc>(
  {
    a: { type: Number, required: true, default: 1 },
    d: { type: Number, required: true, default: 0 },
  },
  { _id: false },
);

export const isInteger = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v);
