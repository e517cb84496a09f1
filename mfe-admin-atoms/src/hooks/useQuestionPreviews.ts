// SPEC §2 beta-questions: previews load lazily, one by one, by question id; a failed load is silent
// (that row simply has no preview). Loaded questions stay in the query cache, so reordering or
// coming back to the page fetches nothing again.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Question } from '@skillquiz/contracts';
import { atomsApi } from '../api/atomsApi';
import { atomKeys } from './useAtoms';

/** id -> the question, or null when its load failed; absent while not loaded yet. */
export type Previews = Readonly<Record<number, Question | null>>;

export function useQuestionPreviews(ids: readonly number[]): Previews {
  const queryClient = useQueryClient();
  const [previews, setPreviews] = useState<Previews>({});
  const key = ids.join(',');

  useEffect(() => {
    let cancelled = false;
    const wanted = key === '' ? [] : key.split(',').map(Number);
    void (async () => {
      for (const id of wanted) {
        if (cancelled) return;
        let question: Question | null;
        try {
          question = await queryClient.fetchQuery({
            queryKey: atomKeys.question(id),
            queryFn: async () => (await atomsApi.question(id)).question,
            staleTime: 60_000,
            retry: false,
          });
        } catch {
          question = null;
        }
        if (!cancelled) setPreviews((p) => (p[id] === question ? p : { ...p, [id]: question }));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [key, queryClient]);

  return previews;
}
