// The bank simulator for an atom: the atom's administered scored bank, num_questions and
// thresholds, run through the real selection and estimation code in a worker thread, so a simulation
// never blocks the event loop that serves candidates.
import { Worker } from 'node:worker_threads';
import { CONSTANTS, type SimulateRequest } from '@skillquiz/contracts';
import type { SimulationInput, SimulationReport } from '@skillquiz/item-analysis';
import { HttpError, notFound } from '../../platform';
import { Atom, type AtomDoc } from '../models/atom';
import { Question, type QuestionDoc } from '../models/question';

const SIMULATION_TIMEOUT_MS = 60_000;
const WORKER = require.resolve('@skillquiz/item-analysis/dist/worker.js');

export async function simulateAtom(atomId: string, request: SimulateRequest): Promise<SimulationReport> {
  const atom = await Atom.findById(atomId).lean<AtomDoc>().exec();
  if (!atom) throw notFound(`No atom with id '${atomId}'`);
  const beta = new Set(atom.beta_question_ordering);
  const bank = await Question.find({ atoms: atomId, administered: true })
    .select({ difficulty_params: 1, claim: 1, original_question_id: 1 })
    .lean<Pick<QuestionDoc, '_id' | 'difficulty_params' | 'claim' | 'original_question_id'>[]>()
    .exec();
  const input: SimulationInput = {
    items: bank
      .filter((q) => !beta.has(q._id))
      .map((q) => ({
        id: String(q._id),
        a: q.difficulty_params.a,
        d: q.difficulty_params.d,
        claim: q.claim,
        original_question_id: q.original_question_id == null ? null : String(q.original_question_id),
      })),
    numQuestions: atom.num_questions > 0 ? atom.num_questions : CONSTANTS.DEFAULT_NUM_QUESTIONS,
    thresholds: atom.levels_thresholds,
    candidates: request.candidates,
    population: { mean: request.mean, sd: request.sd },
    seed: 1,
  };
  if (input.items.length === 0) {
    throw new HttpError(409, `Atom '${atomId}' has no administered questions to simulate.`);
  }
  return runInWorker(input);
}

function runInWorker(input: SimulationInput): Promise<SimulationReport> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: input });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new HttpError(503, 'The simulation took too long; try fewer candidates.'));
    }, SIMULATION_TIMEOUT_MS);
    worker.once('message', (report: SimulationReport) => {
      clearTimeout(timer);
      resolve(report);
    });
    worker.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}
