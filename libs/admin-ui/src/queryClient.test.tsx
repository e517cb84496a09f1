// SPEC §8's toast policy as the client applies it: toasts come from `meta`, shown in a real
// react-toastify container (as the shell's), closed again once the query works.
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { toast, ToastContainer } from 'react-toastify';
import { createAdminQueryClient } from './queryClient';

function renderWith(ui: React.ReactNode) {
  const client = createAdminQueryClient();
  render(
    <QueryClientProvider client={client}>
      {ui}
      <ToastContainer />
    </QueryClientProvider>,
  );
  return client;
}

let fail = true;
const load = async () => {
  if (fail) throw new Error('Internal server error');
  return 'loaded';
};

function Loader({ toast }: { toast: boolean }) {
  const q = useQuery({
    queryKey: ['thing'],
    queryFn: load,
    meta: toast ? { errorToast: { title: 'Error loading things', durationMs: 9000, id: 'things' } } : {},
  });
  return (
    <>
      <p>{q.data ?? (q.isError ? 'failed' : 'loading')}</p>
      <button onClick={() => void q.refetch()}>Again</button>
    </>
  );
}

beforeEach(() => {
  fail = true;
});

it('a failed query with an errorToast raises it (the message under the title), once; success closes it', async () => {
  renderWith(<Loader toast />);
  expect(await screen.findByText('Error loading things')).toBeInTheDocument();
  expect(toast.isActive('things')).toBe(true);
  expect(screen.getByText('Internal server error')).toBeInTheDocument();
  expect(screen.getByText('failed')).toBeInTheDocument(); // no retry by default
  fail = false;
  await act(async () => screen.getByRole('button', { name: 'Again' }).click());
  expect(await screen.findByText('loaded')).toBeInTheDocument();
  // Closed (jsdom plays no exit animation, so the node itself stays until one would have ended).
  await waitFor(() => expect(toast.isActive('things')).toBe(false));
});

it('a failed query without one is silent (SPEC §8: the page says what it needs to)', async () => {
  renderWith(<Loader toast={false} />);
  expect(await screen.findByText('failed')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

function Saver({ ok }: { ok: boolean }) {
  const save = useMutation({
    mutationFn: async () => {
      if (!ok) throw new Error('Name is required');
      return { id: 7 };
    },
    meta: {
      errorToast: { title: 'Error saving thing', durationMs: 3000 },
      successToast: {
        title: 'Thing saved',
        durationMs: 3000,
        detail: (d) => `id ${(d as { id: number }).id}`,
      },
    },
  });
  return <button onClick={() => save.mutate()}>Save</button>;
}

it.each([
  [true, 'Thing saved', 'id 7'],
  [false, 'Error saving thing', 'Name is required'],
])('a mutation raises its success or error toast (ok=%s)', async (ok, title, detail) => {
  renderWith(<Saver ok={ok} />);
  await act(async () => screen.getByRole('button', { name: 'Save' }).click());
  expect(await screen.findByText(title)).toBeInTheDocument();
  expect(screen.getByText(detail)).toBeInTheDocument();
});
