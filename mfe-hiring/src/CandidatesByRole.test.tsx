// The candidates list by role, on the real services: the Role filter (the company's roles) narrows
// the list to the invitations sent for that role and goes into the URL; the list then says for each
// candidate how likely every bar of the role is met, "not yet" until the barred atom has a result,
// and each barred atom its own "meets L3: 87%" once finished.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RoleSchema, type InvitationResponse } from '@skillquiz/contracts';
import { RUN, send } from '@skillquiz/remote-kit/test-bank';
import { setupTestServices } from '@skillquiz/remote-kit/test-services';
import { renderHiringAt } from './hiringTestKit';

setupTestServices();
jest.setTimeout(60_000);

/** Every question answered with the first answer shown, then finished (the candidate's own calls). */
async function takeQuiz(link: string) {
  const token = link.split('/quiz/')[1];
  const quiz = (path: string, body?: unknown) =>
    send<any>(body ? 'POST' : 'GET', `/api/quiz/${token}${path}`, body);
  let next: number | null = (await quiz('/')).next_question?.number ?? null;
  while (next !== null) {
    const view = await quiz(`/question/${next}/`);
    const answers = view.question?.answers ?? view.answers;
    next =
      (await quiz(`/question/${next}/`, { answer: answers[0].hash_id, answer_position: 0 })).next_question
        ?.number ?? null;
  }
  await quiz('/finish', {});
}

it('filters by role and says how likely each candidate meets the bars', async () => {
  const role = RoleSchema.parse(
    await send('POST', '/api/hiring/roles', {
      name: `Analyst ${RUN}`,
      atoms: [{ atom_id: 'sql', required: true, bar: 2 }],
    }),
  );
  const invite = (name: string, withRole: boolean) =>
    send<InvitationResponse>('POST', '/api/hiring/invitations', {
      candidate_name: name,
      candidate_email: `${name.split(' ')[0].toLowerCase()}-${RUN}@example.com`,
      required_atoms: ['sql'],
      ...(withRole ? { role_id: role.id } : {}),
    });
  const finished = await invite(`Rolf Finished ${RUN}`, true);
  await invite(`Rhea Waiting ${RUN}`, true);
  await invite(`Otto Elsewhere ${RUN}`, false);
  await takeQuiz(finished.link);

  const { router } = renderHiringAt('/hiring');
  await userEvent.selectOptions(await screen.findByLabelText('Role'), role.id);
  await waitFor(() => expect(router.state.location.search).toBe(`?role=${role.id}`));
  expect(await screen.findByText('2 candidates, page 1 of 1')).toBeInTheDocument();
  const table = screen.getByRole('table', { name: 'Candidates' });
  expect(within(table).queryByText(`Otto Elsewhere ${RUN}`)).not.toBeInTheDocument();
  const row = (name: string) => within(table).getByRole('link', { name }).closest('tr')!;
  expect(within(table).getByRole('columnheader', { name: 'Meets every bar' })).toBeInTheDocument();
  expect(within(row(`Rhea Waiting ${RUN}`)).getByText('not yet')).toBeInTheDocument();
  const done = within(row(`Rolf Finished ${RUN}`));
  expect(done.getByText(/^\d{1,3}%$/)).toBeInTheDocument();
  expect(done.getByText(/\(meets L2: \d{1,3}%\)/)).toBeInTheDocument();
});
