// Import and export through TanStack Query mutations over the app's QuestionsApi. The
// preview writes nothing; a commit writes questions, so every cached list (and the claim options an
// import may extend) is refreshed after it. Failures are the page's to show, in words (role="alert").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportFormat } from '@skillquiz/contracts';
import { useQuestionsApi } from '../api/context';
import { questionMutations } from '../api/queries';
import { exportQueryString } from '../model/importPlan';
import type { ListQuery } from '../model/listQuery';

export function useImportPreview() {
  return useMutation(questionMutations(useQuestionsApi(), useQueryClient()).importPreview());
}

export function useImportCommit() {
  return useMutation(questionMutations(useQuestionsApi(), useQueryClient()).importCommit());
}

/** Downloads the list as filtered now: the file arrives as a Blob, saved through a temporary link. */
export function useExport() {
  const api = useQuestionsApi();
  return useMutation({
    mutationFn: async ({ query, format }: { query: ListQuery; format: ImportFormat }) => {
      const file = await api.exportFile(exportQueryString(query, format));
      const url = URL.createObjectURL(file.blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = file.filename;
      document.body.append(link);
      link.click();
      link.remove();
      // Revoked a moment later: the browser starts the download from the URL after the click.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return file;
    },
  });
}
