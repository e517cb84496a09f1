// jsdom with the fetch family of Node, for app tests on the real services (src/test-services.ts):
// Node's fetch, Request and friends (react-router's data router builds Requests; jsdom has none), and
// the web streams and BroadcastChannel msw's node interceptors need.
const { TestEnvironment } = require('jest-environment-jsdom');

const NODE_GLOBALS = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextDecoderStream',
  'TextEncoderStream',
  'BroadcastChannel',
  'structuredClone',
];

class JsdomWithNodeFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of NODE_GLOBALS) this.global[name] = globalThis[name];
    // Which project's real services this file's test-services.ts uses (src/test-services-setup.ts).
    this.global.__skillquizProjectRoot = config.projectConfig.rootDir;
  }
}

module.exports = JsdomWithNodeFetch;
