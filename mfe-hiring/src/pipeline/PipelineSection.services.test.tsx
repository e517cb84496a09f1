// The report's pipeline section and the webhook settings' stage-events opt-in through the exposed
// app on the real services (libs/remote-kit test-services): a save lands on the server, a refusal the
// server makes (a 500 from msw at the HTTP layer, its body the contracts' error schema) raises the
// write's toast and is said in the section's live region, and the opt-in is stored.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { MESSAGES } from '@skillquiz/contracts';
import { errorReply, setupTestServices } from '@skillquiz/remote-kit/test-services';
import { renderHiringAt } from '../hiringTestKit';
import { httpHiringApi } from '../api/hiringApi';

const services = setupTestServices();

jest.setTimeout(30_000);

async function someInvitation(): Promise<string> {
  const list = await httpHiringApi.list({ page: 1 });
  return list.items[0].id;
}

it('moves the candidate to a stage on the server; a server failure is a toast and said in the section', async () => {
  const id = await someInvitation();
  const before = await httpHiringApi.pipeline!(id);
  renderHiringAt(`/hiring/invitations/${id}`);
  const section = await screen.findByRole('region', { name: 'Hiring pipeline' });
  const stage = await within(section).findByLabelText('Stage');
  const target = before.stage === 'reviewing' ? 'interview' : 'reviewing';
  await userEvent.selectOptions(stage, target);
  await userEvent.click(within(section).getByRole('button', { name: 'Save stage' }));
  await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent(/^Stage saved: /));
  expect((await httpHiringApi.pipeline!(id)).stage).toBe(target);

  services.msw.use(
    http.put(services.url(`/api/hiring/invitations/${id}/pipeline/stage`), () =>
      errorReply(500, 'Internal server error'),
    ),
  );
  await userEvent.selectOptions(stage, 'hired');
  await userEvent.click(within(section).getByRole('button', { name: 'Save stage' }));
  expect(await screen.findByText(MESSAGES.ERROR_SAVING_STAGE)).toBeInTheDocument();
  await waitFor(() =>
    expect(within(section).getByRole('status')).toHaveTextContent('Not saved: Internal server error'),
  );
  expect((await httpHiringApi.pipeline!(id)).stage).toBe(target);
});

it('the webhook settings store the opt-in to stage-change events', async () => {
  renderHiringAt('/hiring/settings');
  const box = await screen.findByRole('checkbox', { name: /Also send pipeline stage changes/ });
  const was = (await httpHiringApi.settings(undefined)).stage_events === true;
  expect(box).toHaveProperty('checked', was);
  await userEvent.click(box);
  await userEvent.click(screen.getByRole('button', { name: 'Save webhook' }));
  await waitFor(async () => expect((await httpHiringApi.settings(undefined)).stage_events).toBe(!was));
  await waitFor(() => expect(box).toHaveProperty('checked', !was));
});
