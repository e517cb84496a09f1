// jest global teardown of this project (see jest.services.ts).
export { default } from '../libs/remote-kit/src/test-services-teardown';
