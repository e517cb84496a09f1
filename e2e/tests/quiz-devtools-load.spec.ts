// A candidate who never opens the developer tools, on a slow machine (the CPU throttled 6x),
// records no devToolsOpened event; attaching a console then does (the check is alive). Driven by a
// bare DevTools-protocol client on a Chromium of its own, not by Playwright's page: Playwright listens
// to the page's console (Runtime.enable), which is exactly what open tools do, so a Playwright page
// always looks like one with the tools open (docs/DECISIONS.md).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TRACKING_EVENTS } from '@skillquiz/contracts/constants';
import { CHROMIUM_ARGS, chromiumPath } from '../support/chromium';
import { invite } from '../support/product';
import { expect, sharedProduct, test } from '../support/test';
import { tokenOf } from './quiz-helpers';

/** A minimal CDP client over one page target (Node's WebSocket). */
async function connect(url: string) {
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  const listeners: ((method: string, params: Record<string, unknown>) => void)[] = [];
  ws.onmessage = (m) => {
    const d = JSON.parse(String(m.data));
    if (d.id && pending.has(d.id)) {
      pending.get(d.id)!(d.result);
      pending.delete(d.id);
    } else if (d.method) for (const l of listeners) l(d.method, d.params);
  };
  return {
    send: (method: string, params: Record<string, unknown> = {}) =>
      new Promise<unknown>((resolve) => {
        pending.set(++id, resolve);
        ws.send(JSON.stringify({ id, method, params }));
      }),
    on: (l: (method: string, params: Record<string, unknown>) => void) => listeners.push(l),
    close: () => ws.close(),
  };
}

let chromium: ChildProcess | null = null;
let profile = '';
test.afterEach(async () => {
  const running = chromium;
  chromium = null;
  if (running && running.exitCode === null && running.signalCode === null) {
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  }
  // Chromium's own child processes may still be writing its profile for a moment after it is gone
  // (ENOTEMPTY once on a loaded machine): retried.
  if (profile) fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
});

test('under CPU load, a candidate who never opens the developer tools records no devtools event', async () => {
  test.setTimeout(150_000);
  const product = sharedProduct();
  const [link] = await invite(product, { company: 'Devtools Load Co' });
  const token = tokenOf(link);

  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-devtools-'));
  chromium = spawn(
    chromiumPath(),
    [
      ...CHROMIUM_ARGS,
      '--headless',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const portFile = path.join(profile, 'DevToolsActivePort');
  await expect.poll(() => fs.existsSync(portFile), { timeout: 30_000 }).toBe(true);
  const port = fs.readFileSync(portFile, 'utf8').split('\n')[0];
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as {
    type: string;
    webSocketDebuggerUrl: string;
  }[];
  const cdp = await connect(targets.find((t) => t.type === 'page')!.webSocketDebuggerUrl);

  // The page's tracking events, seen on the network in its event batches (Network.enable leaves the
  // console alone).
  const tracked: number[] = [];
  cdp.on((method, params) => {
    const request = params.request as { url: string; method: string; postData?: string } | undefined;
    if (method === 'Network.requestWillBeSent' && request?.method === 'POST')
      if (request.url.endsWith(`/api/quiz/${token}/events`) && request.postData) {
        const { events } = JSON.parse(request.postData) as { events: { kind: string; event: number }[] };
        tracked.push(...events.filter((e) => e.kind === 'tracking').map((e) => e.event));
      }
  });
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await cdp.send('Page.navigate', { url: `${product.baseURL}/quiz/${token}/question/1` });

  // Runtime.evaluate reads the page without enabling the console domain.
  const evaluate = async (expression: string) =>
    (
      (await cdp.send('Runtime.evaluate', { expression, returnByValue: true })) as {
        result?: { value?: unknown };
      }
    )?.result?.value;
  // SPEC §2: the question page's title is 'Question {n}', set once the question is on screen.
  const onQuestion = `document.title === 'Question 1' && document.querySelector('input[type=radio]') !== null`;
  await expect.poll(() => evaluate(onQuestion), { timeout: 60_000, intervals: [500] }).toBe(true);

  // 15 s on the question (dozens of ticks at 250 ms, slowed by the throttling): nothing.
  await new Promise((r) => setTimeout(r, 15_000));
  expect(tracked.filter((e) => e === TRACKING_EVENTS.devToolsOpened)).toEqual([]);

  // A console attached the way the tools attach one: the check is alive and reports it.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.send('Runtime.enable');
  await expect
    .poll(() => tracked.filter((e) => e === TRACKING_EVENTS.devToolsOpened).length, { timeout: 30_000 })
    .toBe(1);
  cdp.close();
});
