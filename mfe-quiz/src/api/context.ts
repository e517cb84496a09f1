// The QuizApi the pages use: QuizApp puts its `api` prop here (default: httpQuizApi).
import { createApiContext } from '@skillquiz/remote-kit';
import type { QuizApi } from './quizApi';

export const { ApiProvider: QuizApiProvider, useApi: useQuizApi } = createApiContext<QuizApi>('QuizApi');
