// Import and export through TanStack Query mutations over the app's QuestionsApi. The
// preview writes nothing; a commit writes questions, so every cached list (and the claim options an
// import may extend) is refreshed after it. Failures are the page's to show, in words (role="alert").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportFormat } from '@skillquiz/contracts';
import { useQuestionsApi } from '../api/context';
import { questionKeys } from '../api/queries';
import { exportQueryString } from './importPlan';
import type { ListQuery } from './listQuery';

export function useImportPreview() {
  const api = useQuestionsApi();
  return useMutation({ mutationFn: (file: File) => api.importPreview(file, file.name) });
}

export function useImportCommit() {
  const api = useQuestionsApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ importId, confirm }: { importId: string; confirm: 'all' | string[] }) =>
      api.importCommit(importId, confirm),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: questionKeys.lists });
      await queryClient.invalidateQueries({ queryKey: questionKeys.claimOptions });
      await queryClient.invalidateQueries({ queryKey: questionKeys.atoms });
    },
  });
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
