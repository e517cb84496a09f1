// The HiringApi the pages use: HiringApp puts its `api` prop here (default: httpHiringApi).
import { createApiContext } from '@skillquiz/remote-kit';
import type { HiringApi } from './hiringApi';

export const { ApiProvider: HiringApiProvider, useApi: useHiringApi } =
  createApiContext<HiringApi>('HiringApi');
