// The AtomsApi the pages use: AdminAtomsApp puts its `api` prop here (default: httpAtomsApi).
import { createApiContext } from '@skillquiz/remote-kit';
import type { AtomsApi } from './atomsApi';

export const { ApiProvider: AtomsApiProvider, useApi: useAtomsApi } = createApiContext<AtomsApi>('AtomsApi');
