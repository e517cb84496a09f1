// App tests on the real services: jest's global setup starts them once per run (dev-services.ts:
// seeded, the sample candidates invited through the real API) and hands their address and one dev
// session per role to the test files through the environment; a test file's fetch then goes to them
// over loopback, so the remote's own API module, apiFetch, and the server's validation and tenancy
// all run. Failures production can have (a 500, a timeout, a 409) come from msw at the HTTP layer,
// unhandled requests passing through to the services.
//
//   jest.services.ts: export default testServicesSetup(startDevServices)  (from @skillquiz/services/dev)
//   jest.config.js:   globalSetup: '<rootDir>/jest.services.ts'
//   a test file:     const services = setupTestServices();  services.as('admin');
//                    services.msw.use(http.get(services.url('/api/x'), () => HttpResponse.json(…, { status: 500 })));
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpResponse } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { ErrorResponseSchema } from '@skillquiz/contracts';

/** Who a dev page or test signs in as: the seeded companies' recruiters, the content admin, a second admin. */
export type DevRole = 'recruiter' | 'second-recruiter' | 'admin' | 'second-admin';

/** The request headers of a signed-in browser: the session cookie and its CSRF token. */
export type DevSessionHeaders = Record<'cookie' | 'x-csrf-token', string>;

/**
 * The real services in process, as `startDevServices` of `@skillquiz/services/dev` starts them: a
 * remote's jest (or dev server) config hands that function in, so this library imports no app.
 */
export interface DevServicesLike {
  baseUrl: string;
  signIn(role: DevRole): Promise<DevSessionHeaders>;
  stop(): Promise<void>;
}
export type StartDevServices = (options: {
  seed: true;
  sampleCandidates?: boolean;
  env?: Record<string, string>;
}) => Promise<DevServicesLike>;

/** What the global setup hands to the test files (JSON in SKILLQUIZ_TEST_SERVICES). */
export interface TestServicesInfo {
  /** The jest project's rootDir (the remote's directory). */
  rootDir: string;
  baseUrl: string;
  sessions: Record<DevRole, DevSessionHeaders>;
}

/**
 * Where a project's global setup leaves its services for the test files: a file per project
 * (jest's global setups of several projects in one run do not all reach the workers' environment).
 */
export function servicesFile(rootDir: string): string {
  const key = createHash('sha1').update(rootDir).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), 'skillquiz-test-services', `${key}.json`);
}

export interface TestServices {
  baseUrl: string;
  /** An absolute URL of the services, for msw handlers. */
  url(path: string): string;
  /** Whose session the page's requests carry from now on (recruiter of Acme Robotics by default). */
  as(role: DevRole | null): void;
  /** The msw server of this file: `msw.use(handler)` for one test (reset after each). */
  msw: SetupServer;
  /** Every request the page made in this test, as the services (or msw) got it. */
  requests: Request[];
  /** Method and path (with query) of every request made while `run` ran; its failure is ignored. */
  sent(run: () => Promise<unknown>): Promise<string[]>;
}

/** An error reply as the services send it (SPEC §8), parsed with the contracts' schema, for an msw handler. */
export const errorReply = (status: number, message: string, headers?: Record<string, string>) =>
  HttpResponse.json(ErrorResponseSchema.parse({ success: false, message }), { status, headers });

/** What `run` was rejected with, checked to be a `kind` (a test fails if `run` succeeds). */
export async function rejection<E>(
  run: () => Promise<unknown>,
  kind: abstract new (...args: never[]) => E,
): Promise<E> {
  let outcome: { value: unknown } | { error: unknown };
  try {
    outcome = { value: await run() };
  } catch (error) {
    outcome = { error };
  }
  if (!('error' in outcome)) throw new Error('expected the call to fail');
  expect(outcome.error).toBeInstanceOf(kind);
  return outcome.error as E;
}

/** This test file's project's services (its rootDir comes from remote-kit's jest.environment.js). */
export function testServicesInfo(): TestServicesInfo {
  const rootDir = (globalThis as { __skillquizProjectRoot?: string }).__skillquizProjectRoot ?? '';
  const file = servicesFile(rootDir);
  if (!fs.existsSync(file))
    throw new Error(
      `no test services for ${rootDir || 'this project'}: use testEnvironment '<rootDir>/../libs/remote-kit/jest.environment.js' and globalSetup '<rootDir>/../libs/remote-kit/src/test-services-setup.ts'`,
    );
  return JSON.parse(fs.readFileSync(file, 'utf8')) as TestServicesInfo;
}

/**
 * Points the test file's fetch at the real services: relative URLs resolve against them, and every
 * request carries the current role's session (cookie and, for writes, its CSRF token).
 */
export function setupTestServices(): TestServices {
  const { baseUrl, sessions } = testServicesInfo();
  const msw = setupServer();
  let role: DevRole | null = 'recruiter';
  let original: typeof fetch | undefined;
  const services: TestServices = {
    baseUrl,
    url: (path) => new URL(path, baseUrl).href,
    as: (r) => {
      role = r;
    },
    msw,
    requests: [],
    sent: async (run) => {
      services.requests.length = 0;
      await run().catch(() => undefined);
      return services.requests.map((r) => `${r.method} ${new URL(r.url).pathname}${new URL(r.url).search}`);
    },
  };
  beforeAll(() => {
    msw.listen({ onUnhandledRequest: 'bypass' });
    const inner = globalThis.fetch;
    original = inner;
    globalThis.fetch = async (input, init) => {
      // A Request's own method, headers, body and signal, unless init says otherwise (msw's
      // bypass(request) hands one over). Headers and body go over as plain values: a Headers object or
      // an ArrayBuffer of msw's realm reaches this one's Request constructor mangled or empty.
      const from = input instanceof Request ? input : undefined;
      const href = from ? from.url : String(input);
      const headers = new Headers(from ? Object.fromEntries(from.headers.entries()) : undefined);
      new Headers(init?.headers).forEach((v, k) => headers.set(k, v));
      const session = role ? sessions[role] : undefined;
      if (session) {
        headers.set('cookie', session.cookie);
        if (!headers.has('x-csrf-token')) headers.set('x-csrf-token', session['x-csrf-token']);
      }
      const request = new Request(new URL(href, baseUrl), {
        method: from?.method,
        signal: from?.signal,
        body: from?.body ? await from.text() : undefined,
        ...init,
        headers,
        // Node's fetch has no cookie store: the session is the header above.
        credentials: 'omit',
      });
      services.requests.push(request.clone());
      return inner(request);
    };
  });
  afterEach(() => {
    msw.resetHandlers();
    role = 'recruiter';
    services.requests.length = 0;
  });
  afterAll(() => {
    if (original) globalThis.fetch = original;
    msw.close();
  });
  return services;
}
