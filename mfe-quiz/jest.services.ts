// jest global setup and teardown of this project: the real services behind its app tests
// (libs/remote-kit/src/test-services-setup.ts, started with @skillquiz/services/dev: this app hands
// the services to the library). A file of its own per project, because jest runs a global hook once
// per file path in a run, whichever project names it.
import { startDevServices } from '@skillquiz/services/dev';
import { testServicesSetup } from '../libs/remote-kit/src/test-services-setup';

export default testServicesSetup(startDevServices);
