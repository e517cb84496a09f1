// Browser tests against the whole product (services + shell + remotes), started once by
// support/global-setup.ts on a free port with a throw-away data directory.
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './support/chromium';
import type { ProductName } from './support/test';

/**
 * Traces and failure screenshots of this invocation: test-results/run-<pid>, so two runs at once
 * never write into each other's folder. Earlier runs' folders are removed once their process is
 * gone (the last run's stay for a look). The config is read by the runner and again by each
 * worker: the runner decides, the workers inherit the choice through the environment.
 */
function runOutputDir(): string {
  if (process.env.SQ_E2E_OUTPUT_DIR) return process.env.SQ_E2E_OUTPUT_DIR;
  const root = path.resolve(__dirname, 'test-results');
  for (const name of fs.existsSync(root) ? fs.readdirSync(root) : []) {
    const pid = Number(/^run-(\d+)$/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !alive(pid))
      fs.rmSync(path.join(root, name), { recursive: true, force: true });
  }
  process.env.SQ_E2E_OUTPUT_DIR = path.join(root, `run-${process.pid}`);
  return process.env.SQ_E2E_OUTPUT_DIR;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Files that must have the product and the machine to themselves: they hold a clock or a process to
 * a few seconds (a question's time limit, a restart, the devtools signal under a load of their own)
 * that another file's work beside them would stretch.
 */
const ALONE = [/quiz-devtools-load\.spec\.ts$/, /quiz-timing\.spec\.ts$/, /start-restart\.spec\.ts$/];

/**
 * Files that point remotes away in the remotes manifest (a page of another file would load the wrong
 * remote): they run against a product of their own (`remotes`, support/global-setup.ts), one file at
 * a time, beside the other files.
 */
const REMOTES = [/remote-down\.spec\.ts$/, /remote-versions\.spec\.ts$/, /ship-rollback\.spec\.ts$/];

/**
 * The files that take longest, longest first (measured: the analytics file's simulated candidates
 * about three minutes, admin-questions over two, the others one to one and a half on two cores;
 * quiz-events-close, ten quizzes finished and closed, about 50 s alone, more beside the others).
 */
const LONGEST = [
  /analytics\.spec\.ts$/,
  /admin-questions\.spec\.ts$/,
  /hiring\.spec\.ts$/,
  /admin-atoms\.spec\.ts$/,
  /admin-content-io\.spec\.ts$/,
  /quiz-flow\.spec\.ts$/,
  /quiz-events-close\.spec\.ts$/,
];

/** A project per long file, in LONGEST's order (within a project the files go in name order). */
const LONG_PROJECTS = LONGEST.map((file, i) => ({ name: `long-${i + 1}`, testMatch: file }));

export default defineConfig<object, { product: ProductName }>({
  testDir: './tests',
  outputDir: runOutputDir(),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Four files at a time: the browser tests spend much of their time waiting (debounces, timers, a
  // sign-on's minute, the product's replies); two files kept about one of the two cores busy, and the
  // files added since (ten quizzes closed, a rate limit waited out) wait more. The files that time
  // things to a few seconds run after the rest, one at a time: the project `alone` below.
  workers: 4,
  fullyParallel: false,
  // The long ones, `remotes` and `shared` run together: projects without dependencies do, their files
  // handed to the workers in the order the projects are listed. The longest files go first: the longest
  // of all (analytics, whose three minutes are in a beforeAll) once started half-way, the others ended
  // minutes before it.
  projects: [
    ...LONG_PROJECTS,
    { name: 'remotes', testMatch: REMOTES, workers: 1, use: { product: 'remotes' } },
    { name: 'shared', testIgnore: [...ALONE, ...REMOTES, ...LONGEST] },
    {
      name: 'alone',
      testMatch: ALONE,
      dependencies: [...LONG_PROJECTS.map((p) => p.name), 'remotes', 'shared'],
      workers: 1,
    },
  ],
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  globalSetup: './support/global-setup.ts',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // The product honours reduced motion (toasts without their bounce): axe then checks a toast's
    // colours as they are, not halfway through its fade-in.
    reducedMotion: 'reduce',
    // A failed test's trace keeps each action's page (DOM snapshots) but no filmstrip: the screencast
    // behind it made chromium render and encode frames all along, a sixth of the browser tests' CPU.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [...CHROMIUM_ARGS],
    },
  },
});
