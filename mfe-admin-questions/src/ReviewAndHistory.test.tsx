// Review before live and history in the questions remote, through its exposed app and real routes on the in-memory
// QuestionsApi of its dev page (no module replaced): the status column and filter, the twins flag,
// the review status control (a second admin marks ready; the last editor is refused in words) and
// the History tab with revert (a stale version is refused and nothing changes).
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import AdminQuestionsApp from './AdminQuestionsApp';
import { createFakeQuestionsApi, type FakeQuestionsOptions } from '../dev/fakeQuestionsApi';

function renderAt(path: string, options: FakeQuestionsOptions = {}) {
  const api = createFakeQuestionsApi({ latencyMs: 5, ...options });
  const router = createMemoryRouter(
    [{ path: '/admin/questions/*', element: <AdminQuestionsApp api={api} /> }],
    { initialEntries: [path] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <ToastContainer />
    </>,
  );
  return { api, router };
}

const rowOf = (id: number) => screen.getByRole('link', { name: `Edit question ${id}` }).closest('tr')!;

describe('questions list', () => {
  it('shows each question’s status and filters by it (draft or in review includes the non-administered)', async () => {
    const { router } = renderAt('/admin/questions');
    expect(await screen.findByText('7 questions, page 1 of 1')).toBeInTheDocument();
    expect(within(rowOf(101)).getByText('Ready')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'In review');
    expect(await screen.findByText('1 question, page 1 of 1')).toBeInTheDocument();
    expect(within(rowOf(107)).getByText('In review')).toBeInTheDocument();
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('status')).toBe('in_review');
    expect(params.get('includeNonAdministered')).toBe('true');
  });

  it('flags likely twins within the chosen atom, both ways round, with a link to the other question', async () => {
    renderAt('/admin/questions?atom=javascript&includeNonAdministered=true');
    expect(await screen.findByText(/1 likely twin pair in this atom/)).toBeInTheDocument();
    expect(within(rowOf(101)).getByRole('link', { name: 'Likely twin: question 110' })).toBeInTheDocument();
    expect(within(rowOf(110)).getByRole('link', { name: 'Likely twin: question 101' })).toBeInTheDocument();
    expect(within(rowOf(102)).queryByRole('link', { name: /Likely twin/ })).not.toBeInTheDocument();
  });

  it('shows no twins column without an atom (twins are measured within one atom)', async () => {
    renderAt('/admin/questions');
    await screen.findByText('7 questions, page 1 of 1');
    expect(screen.queryByRole('columnheader', { name: 'Twins' })).not.toBeInTheDocument();
  });
});

describe('review status', () => {
  it('a draft goes to review, and another admin than its last editor marks it ready', async () => {
    const { api } = renderAt('/admin/questions/edit/110/?page=administration');
    const panel = await screen.findByRole('region', { name: /Review status/ });
    expect(within(panel).getByText('Draft')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Submit for review' }));
    expect(await within(panel).findByText('Status changed to In review.')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark ready' }));
    expect(await within(panel).findByText('Status changed to Ready.')).toBeInTheDocument();
    expect(api.questions.find((q) => q.id === 110)).toMatchObject({ status: 'ready', version: 4 });
  });

  it('the last editor is refused in words, and nothing changes', async () => {
    const { api } = renderAt('/admin/questions/edit/107/?page=administration', { me: 'author@example.com' });
    const panel = await screen.findByRole('region', { name: /Review status/ });
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark ready' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      /Status not changed: .*cannot be moved to ready by its last editor \(author@example.com\)/,
    );
    expect(api.questions.find((q) => q.id === 107)).toMatchObject({ status: 'in_review', version: 2 });
  });

  it('waits for unsaved edits to be saved', async () => {
    renderAt('/admin/questions/edit/110/?page=administration');
    const panel = await screen.findByRole('region', { name: /Review status/ });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Administered?' }));
    expect(within(panel).getByRole('button', { name: 'Submit for review' })).toBeDisabled();
    expect(within(panel).getByText(/Save your edits first/)).toBeInTheDocument();
  });
});

describe('History tab', () => {
  it('lists the versions with what changed, and restoring one makes a new version', async () => {
    const { api } = renderAt('/admin/questions/edit/104/?page=history');
    expect(await screen.findByRole('heading', { name: /Version 2/ })).toBeInTheDocument();
    const first = screen.getByRole('heading', { name: 'Version 1' }).closest('li')!;
    expect(first).toHaveTextContent('Created by author@example.com');
    await userEvent.click(within(first).getByRole('button', { name: 'Restore version 1' }));
    expect(await screen.findByText('Version 1 restored as version 3.')).toBeInTheDocument();
    expect(api.questions.find((q) => q.id === 104)?.question_text).toMatch(/\(first wording\)$/);
    // The new version heads the list, saying what it restored and what changed.
    const newest = (await screen.findByRole('heading', { name: /Version 3/ })).closest('li')!;
    expect(newest).toHaveTextContent('Restored version 1 by admin@example.com');
    expect(newest).toHaveTextContent(/question_text: .*→ .*\(first wording\)/);
    // The form took the restored content: the content tab shows it, with nothing unsaved.
    await userEvent.click(screen.getByRole('link', { name: 'Content' }));
    expect(screen.getByRole('textbox', { name: 'Question text' })).toHaveValue(
      api.questions.find((q) => q.id === 104)?.question_text,
    );
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('a restore over a version someone else changed meanwhile is refused (409) and nothing changes', async () => {
    const { api } = renderAt('/admin/questions/edit/104/?page=history');
    const first = (await screen.findByRole('heading', { name: 'Version 1' })).closest('li')!;
    const stored = api.questions.find((q) => q.id === 104)!;
    stored.version = 7; // another admin saved meanwhile
    await userEvent.click(within(first).getByRole('button', { name: 'Restore version 1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Not restored: .*changed by someone else/);
    expect(stored.question_text).not.toMatch(/first wording/);
    expect(stored.version).toBe(7);
  });
});

describe('Statistics tab: calibration you can trust', () => {
  it('counts real and simulated answers apart, quotes the rules and offers apply when the verdict allows', async () => {
    renderAt('/admin/questions/edit/101/?page=statistics');
    const tab = await screen.findByRole('region', { name: 'Statistics' });
    expect(tab).toHaveTextContent('Answers: 103 from real candidates, 309 from simulated demo candidates.');
    expect(tab).toHaveTextContent(/From 103 real answers\. 95% interval: a ± 0\.22, d ± 0\.18\./);
    expect(tab).toHaveTextContent(/at least 100 real answers .* both standard errors are at most 0\.2/);
    expect(within(tab).getByRole('button', { name: 'Apply calibration' })).toBeEnabled();
  });

  it('mostly simulated answers: apply is disabled, with the reasons; the simulated calibration is shown apart', async () => {
    renderAt('/admin/questions/edit/102/?page=statistics');
    const tab = await screen.findByRole('region', { name: 'Statistics' });
    const button = within(tab).getByRole('button', { name: 'Apply calibration' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      /Apply is not offered: 40 real answers; at least 100 are needed/,
    );
    expect(tab).toHaveTextContent(/the 95% interval is too wide/);
    expect(tab).toHaveTextContent(/On the 348 simulated answers alone: a 1\.100/);
    expect(tab).toHaveTextContent('simulated answers never feed an applied calibration outside demo data');
  });
});
