// The live-versions page renders what GET /api/admin/remotes says (a fake `load`, no module mocks),
// under the shell's query client.
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createAdminQueryClient } from '@skillquiz/admin-ui/query-client';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiResult } from '@skillquiz/http-client';
import type { LiveRemotesResponse } from '@skillquiz/contracts';
import { LiveRemotesPage } from './LiveRemotesPage';

function wrapper({ children }: { children?: ReactNode }) {
  return <QueryClientProvider client={createAdminQueryClient()}>{children}</QueryClientProvider>;
}

const quiz = {
  name: 'mfe_quiz',
  package: 'mfe-quiz',
  pinned: '1.0.0',
  url: '/remotes/mfe-quiz/1.0.0/mf-manifest.json',
  published: ['1.0.0', '1.1.0'],
  history: [
    {
      at: '2026-01-02T10:00:00.000Z',
      actor: 'ops@host',
      action: 'rollback' as const,
      from: '1.1.0',
      to: '1.0.0',
    },
    {
      at: '2026-01-01T10:00:00.000Z',
      actor: 'ops@host',
      action: 'ship' as const,
      from: '1.0.0',
      to: '1.1.0',
    },
  ],
};
const demo = {
  name: 'mfe_demo',
  package: 'mfe-demo',
  pinned: null,
  url: '/remotes/mfe-demo/mf-manifest.json',
  published: [],
  history: [],
};

it('shows each remote: the live version, where it loads from, and its history newest first', async () => {
  const data: LiveRemotesResponse = { remotes: [quiz, demo], manifest_problem: null };
  render(<LiveRemotesPage load={async () => ({ success: true, data })} />, { wrapper });
  const quizSection = await screen.findByRole('region', { name: 'mfe-quiz' });
  expect(within(quizSection).getByText('1.0.0', { selector: 'strong' })).toBeInTheDocument();
  const rows = within(within(quizSection).getByRole('table')).getAllByRole('row');
  expect(rows.map((r) => r.textContent)).toEqual([
    'WhenWhatFromToWho',
    expect.stringMatching(/Rollback1\.1\.01\.0\.0ops@host$/),
    expect.stringMatching(/Ship1\.0\.01\.1\.0ops@host$/),
  ]);
  const demoSection = screen.getByRole('region', { name: 'mfe-demo' });
  expect(within(demoSection).getByText('current build (not pinned)')).toBeInTheDocument();
  expect(within(demoSection).getByText('No ship or rollback yet.')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(document.title).toBe('Live remotes - SkillQuiz Admin');
});

it('says when the live manifest file is bad and the last good one is served', async () => {
  const data = { remotes: [quiz], manifest_problem: 'not JSON; keeping the last good manifest' };
  render(<LiveRemotesPage load={async () => ({ success: true, data })} />, { wrapper });
  expect(await screen.findByRole('alert')).toHaveTextContent(/last good one is served: not JSON/);
});

it('a failed load can be tried again', async () => {
  const replies: ApiResult<LiveRemotesResponse>[] = [
    { success: false, status: 500, message: 'Internal server error' },
    { success: true, data: { remotes: [demo], manifest_problem: null } },
  ];
  render(<LiveRemotesPage load={async () => replies.shift()!} />, { wrapper });
  expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('region', { name: 'mfe-demo' })).toBeInTheDocument();
});
