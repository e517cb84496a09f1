import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createAdminQueryClient } from '@skillquiz/admin-ui/query-client';
import { useDevOutbox } from './useDevOutbox';

function wrapper({ children }: { children?: ReactNode }) {
  return createElement(QueryClientProvider, { client: createAdminQueryClient() }, children);
}

it('gives the dev outbox page when the server has one, and asks only once signed in', async () => {
  const load = jest.fn().mockResolvedValue({ success: true, data: { page: '/dev/outbox' } });
  const { result, rerender } = renderHook(({ signedIn }) => useDevOutbox(signedIn, load), {
    initialProps: { signedIn: false },
    wrapper,
  });
  expect(result.current).toBeNull();
  expect(load).not.toHaveBeenCalled();
  rerender({ signedIn: true });
  await waitFor(() => expect(result.current).toBe('/dev/outbox'));
  expect(load).toHaveBeenCalledTimes(1);
});

it('gives nothing when the server has no dev outbox (production: a 404)', async () => {
  const load = jest.fn().mockResolvedValue({ success: false, status: 404, message: 'Not found' });
  const { result } = renderHook(() => useDevOutbox(true, load), { wrapper });
  await waitFor(() => expect(load).toHaveBeenCalled());
  expect(result.current).toBeNull();
});
