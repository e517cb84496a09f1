// Measures one absence (tab hidden / window blurred, or offline): l = left (epoch ms),
// r = returned (epoch ms), t = duration (ms). Repeated "left" signals during one absence
// (blur then visibilitychange) count once.
import type { TrackingEventDetails } from '@skillquiz/contracts';

export class AwayPeriod {
  private leftAt: number | null = null;

  leave(now: number): void {
    if (this.leftAt === null) this.leftAt = now;
  }

  /** Ends the absence; null when there was none. */
  back(now: number): Required<TrackingEventDetails> | null {
    if (this.leftAt === null) return null;
    const details = { l: this.leftAt, r: now, t: Math.max(0, now - this.leftAt) };
    this.leftAt = null;
    return details;
  }

  get away(): boolean {
    return this.leftAt !== null;
  }
}
