// The QuestionsApi the pages use: AdminQuestionsApp puts its `api` prop here (default: httpQuestionsApi).
import { createApiContext } from '@skillquiz/remote-kit';
import type { QuestionsApi } from './questionsApi';

export const { ApiProvider: QuestionsApiProvider, useApi: useQuestionsApi } =
  createApiContext<QuestionsApi>('QuestionsApi');
