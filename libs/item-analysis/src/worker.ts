// Runs one bank simulation in a worker thread, so a request that asks for one never blocks the
// services' event loop (about 1.5 s of CPU for 1,000 candidates on a 1,000-question bank).
// workerData: SimulationInput (without callbacks); posts back the SimulationReport.
import { parentPort, workerData } from 'node:worker_threads';
import { simulateBank, type SimulationInput } from './simulator';

if (!parentPort) throw new Error('worker.ts runs only as a worker thread');
parentPort.postMessage(simulateBank(workerData as SimulationInput));
