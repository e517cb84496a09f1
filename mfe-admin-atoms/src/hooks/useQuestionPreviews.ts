// SPEC §2 beta-questions: previews load lazily, one by one, by question id; a failed load is silent
// (that row simply has no preview). Each is a query of its own (atomQueries().preview), enabled once
// every preview before it has settled; loaded ones stay in the cache, so reordering or coming back to
// the page fetches nothing again.
import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { Question } from '@skillquiz/contracts';
import { useAtomsApi } from '../api/context';
import { atomQueries } from '../api/queries';

/** id -> the question, or null when its load failed; absent while not loaded yet. */
export type Previews = Readonly<Record<number, Question | null>>;

export function useQuestionPreviews(ids: readonly number[]): Previews {
  const queries = atomQueries(useAtomsApi());
  const queryClient = useQueryClient();
  const settled = ids.map((id) => {
    const status = queryClient.getQueryState(queries.preview(id).queryKey)?.status;
    return status === 'success' || status === 'error';
  });
  const options = ids.map((id, i) => ({
    ...queries.preview(id),
    enabled: settled.slice(0, i).every(Boolean),
  }));
  const results = useQueries({ queries: options });
  const previews: Record<number, Question | null> = {};
  ids.forEach((id, i) => {
    const r = results[i];
    if (r.isError) previews[id] = null;
    else if (r.data) previews[id] = r.data;
  });
  return previews;
}
