// Rate-limit counters shared by every services process (platform/http/rate-limit.ts): one document per
// limit and key, holding its current window, counted with an atomic $inc.
import { Schema, model } from 'mongoose';

export interface RateLimitDoc {
  /** `<limit name>|<key>`. */
  _id: string;
  /** When the current window started (its first request). */
  start: Date;
  /** Requests counted in the current window. */
  count: number;
  /** The window's end; MongoDB's TTL monitor deletes the counter after it. */
  expires_at: Date;
}

const rateLimitSchema = new Schema<RateLimitDoc>(
  {
    _id: { type: String, required: true },
    start: { type: Date, required: true },
    count: { type: Number, required: true, default: 0 },
    expires_at: { type: Date, required: true },
  },
  { collection: 'rate_limits', versionKey: false },
);
rateLimitSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

export const RateLimitCounter = model<RateLimitDoc>('RateLimitCounter', rateLimitSchema);
