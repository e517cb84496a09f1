// The hiring app tests' kit: the exposed app mounted as the shell mounts it (under /hiring in a memory
// router, with the page's toast container), for the tests on the real services and those on stubs.
import { renderRemoteAt } from '@skillquiz/remote-kit/test-render';
import HiringApp from './HiringApp';

/** HiringApp at `path` (a /hiring/... URL); its router, to read where the app went. */
export const renderHiringAt = (path: string) =>
  renderRemoteAt(path, [{ path: '/hiring/*', element: <HiringApp /> }]);
