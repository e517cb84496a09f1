// The question page's tracking, made once per QuizApp from its QuizApi: the log queue and the
// integrity sensors. Tests pass a fake QuizApi (whose log and track calls they read) and no devtools
// watcher.
import { createContext, useContext } from 'react';
import type { WatchDevtools } from './devtools';
import type { QuestionLog } from './questionLog';

export interface QuizTracking {
  log: QuestionLog;
  watchDevtools: WatchDevtools;
}

export const TrackingContext = createContext<QuizTracking | null>(null);

export function useTracking(): QuizTracking {
  const tracking = useContext(TrackingContext);
  if (!tracking) throw new Error('useTracking must be used inside QuizApp');
  return tracking;
}
