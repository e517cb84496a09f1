// jest global setup and teardown of this project: the real services behind its app tests
// (libs/remote-kit/src/test-services-setup.ts). A file of its own per project, because jest runs a
// global hook once per file path in a run, whichever project names it.
export { default } from '../libs/remote-kit/src/test-services-setup';
