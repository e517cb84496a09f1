// First-run demo data for the content analytics: after the first seed, simulated
// candidates of known ability take the seeded atoms' quizzes through the real quiz API (the same
// runner as `npm run simulate`), marked as demo data, so the statistics, calibration and graduation
// have something to show on a fresh `npm start`.
//
// Off unless SEED_DEMO_CANDIDATES is set (`npm start` sets it outside production; the test harnesses
// leave it off). It runs in the background once the server listens, so the start is not held up,
// and only on the start that seeded the database (an existing database gets demo data with `npm run
// simulate`). A marker (`seed_state`, _id 'demo-candidates') makes a run that was stopped half-way
// resume at the next start: per atom, only the candidates still missing are run.
import mongoose from 'mongoose';
import type { Logger } from '../../platform';
import { Atom, DEMO_DATA_COMPANY } from '../../content';
import { QuizResult } from '../../quiz';
import { runSimulatedCandidates } from './simulated-candidates';
import { seedAtoms } from './content';
import { SEED_COLLECTION } from './index';

const MARKER_ID = 'demo-candidates';

interface DemoCandidatesMarker {
  _id: string;
  done: boolean;
  /** Finished simulated candidates wanted per seeded atom. */
  per_atom: number;
  started_at: Date;
  finished_at?: Date;
}

export interface DemoCandidatesOptions {
  /** Where the services answer (the simulated candidates use the quiz API over HTTP). */
  baseUrl: string;
  perAtom: number;
  /** This start seeded the demo content: the only start that begins a run. */
  justSeeded: boolean;
  logger: Logger;
  /** After each simulated candidate: how many of this run are done, of how many (the job's progress). */
  onProgress?: (done: number, total: number) => Promise<void> | void;
}

/** Resolves with how many candidates were run (0 when there was nothing to do). */
export async function seedDemoCandidates(options: DemoCandidatesOptions): Promise<number> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('seedDemoCandidates needs a connected mongoose');
  const col = db.collection<DemoCandidatesMarker>(SEED_COLLECTION);
  let marker = await col.findOne({ _id: MARKER_ID });
  if (marker?.done) return 0;
  if (!marker) {
    if (!options.justSeeded || options.perAtom <= 0) return 0;
    try {
      await col.insertOne({ _id: MARKER_ID, done: false, per_atom: options.perAtom, started_at: new Date() });
    } catch (err) {
      if ((err as { code?: number }).code === 11000) return 0; // another process runs it
      throw err;
    }
    marker = (await col.findOne({ _id: MARKER_ID }))!;
  }

  const present = new Set(
    (
      await Atom.find({ _id: { $in: seedAtoms.map((a) => a.id) } })
        .select({ _id: 1 })
        .lean()
        .exec()
    ).map((a) => String(a._id)),
  );
  let ran = 0;
  const total = marker.per_atom * present.size;
  let done = 0;
  for (const [i, atom] of seedAtoms.map((a) => a.id).entries()) {
    if (!present.has(atom)) continue;
    const finished = await QuizResult.countDocuments({
      demo_data: true,
      atom_ids: atom,
      finished_at: { $ne: null },
    }).exec();
    const missing = marker.per_atom - finished;
    done += Math.max(0, finished);
    if (missing <= 0) continue;
    options.logger.info(`demo data: ${missing} simulated candidates take '${atom}' (in the background)`);
    const summary = await runSimulatedCandidates({
      baseUrl: options.baseUrl,
      atom,
      candidates: missing,
      company: DEMO_DATA_COMPANY,
      // A different but fixed population draw per atom and resumption point.
      seed: 20261122 + 1000 * i + finished,
      onProgress: (n) => options.onProgress?.(done + n, total),
    });
    done += missing;
    ran += summary.candidates;
  }
  await col.updateOne({ _id: MARKER_ID }, { $set: { done: true, finished_at: new Date() } });
  options.logger.info(`demo data: ${ran} simulated candidates done; the content analytics have data to show`);
  return ran;
}
