// The company's pipeline stages through the exposed app on the real services (libs/remote-kit
// test-services), as Initech's recruiter (the other files use Acme's): rename, add, move by keyboard
// and remove an unused stage, saved on the server with the keys kept; a stage candidates are in is
// refused in the form's alert; a save someone else beat is the server's 409, said in the alert and
// the list reloaded; the candidates list's Stage filter offers the company's stages.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PIPELINE_STAGES } from '@skillquiz/contracts';
import { setupTestServices } from '@skillquiz/remote-kit/test-services';
import { renderHiringAt } from '../hiringTestKit';
import { httpHiringApi } from '../api/hiringApi';

/** Initech's stages back to the default set (keys of removed ones come back with their labels). */
async function resetStages() {
  services.as('second-recruiter');
  const now = await httpHiringApi.stages(undefined);
  const keys = new Set(now.stages.map((s) => s.key));
  await httpHiringApi.saveStages(
    {
      stages: DEFAULT_PIPELINE_STAGES.map((s) => (keys.has(s.key) ? s : { label: s.label })),
      version: now.version,
    },
    undefined,
  );
}
// Declared before the services' own hooks: jest runs afterAll hooks in order, and the reset needs
// the services' fetch still in place. Each test starts from the default set, and leaves it behind.
afterAll(resetStages);
const services = setupTestServices();
beforeEach(resetStages);

jest.setTimeout(60_000);

const form = () => screen.findByRole('form', { name: 'Pipeline stages' });

it('renames, adds, moves by keyboard and removes an unused stage; the server keeps the keys; the list filters by them', async () => {
  const user = userEvent.setup();
  const before = await httpHiringApi.stages(undefined);
  renderHiringAt('/hiring/settings');
  const f = await form();
  const reviewing = await within(f).findByDisplayValue('Reviewing');
  await user.clear(reviewing);
  await user.type(reviewing, 'Screening');
  // Enter in the new stage's box adds it (it does not save the list).
  await user.type(within(f).getByLabelText('New stage name'), 'Take-home{Enter}');
  expect(within(f).getByLabelText(`Stage ${before.stages.length + 1} name`)).toHaveValue('Take-home');
  // Move it up by keyboard: the focus stays on its button as it climbs.
  const up = within(f).getByRole('button', { name: 'Move Take-home up' });
  up.focus();
  for (let i = 0; i < before.stages.length - 2; i++) await user.keyboard('{Enter}');
  expect(within(f).getByRole('button', { name: 'Move Take-home up' })).toHaveFocus();
  expect(within(f).getByLabelText('Stage 3 name')).toHaveValue('Take-home');
  // Offer has nobody in it at Initech: it goes.
  expect(before.stages.find((s) => s.key === 'offer')!.candidates).toBe(0);
  await user.click(within(f).getByRole('button', { name: 'Remove Offer' }));
  await user.click(within(f).getByRole('button', { name: 'Save stages' }));
  await waitFor(() => expect(within(f).getByRole('status')).toHaveTextContent('Stages saved.'));

  const after = await httpHiringApi.stages(undefined);
  expect(after.version).toBe(before.version + 1);
  expect(after.stages.map((s) => [s.key, s.label])).toEqual([
    ['new', 'New'],
    ['reviewing', 'Screening'],
    ['take-home', 'Take-home'],
    ['interview', 'Interview'],
    ['hired', 'Hired'],
    ['rejected', 'Rejected'],
  ]);
  // The form shows the stored list, with the new stage's key.
  expect(await within(f).findByText(/key take-home/)).toBeInTheDocument();

  // The candidates list's Stage filter offers the company's stages, in its order.
  renderHiringAt('/hiring');
  const filter = await screen.findByRole('combobox', { name: 'Stage' });
  await waitFor(() =>
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any stage', 'New', 'Screening', 'Take-home', 'Interview', 'Hired', 'Rejected']),
  );
});

it('a stage candidates are in is not removed; a save someone else beat is the server’s 409, said in the alert', async () => {
  const user = userEvent.setup();
  // One of Initech's candidates is in Interview.
  const list = await httpHiringApi.list({ page: 1 });
  const id = list.items[0].id;
  const pipeline = await httpHiringApi.pipeline!(id);
  if (pipeline.stage !== 'interview')
    await httpHiringApi.setStage!(id, { stage: 'interview', version: pipeline.version });
  renderHiringAt('/hiring/settings');
  const f = await form();
  const interviewing = (await httpHiringApi.stages(undefined)).stages.find((s) => s.key === 'interview')!;
  await within(f).findByText(new RegExp(`key interview · ${interviewing.candidates} candidate`));
  await user.click(within(f).getByRole('button', { name: 'Remove Interview' }));
  expect(within(f).getByRole('alert')).toHaveTextContent(
    `Interview has ${interviewing.candidates} candidate${interviewing.candidates === 1 ? '' : 's'}: move them to another stage before removing it.`,
  );
  expect(within(f).getByDisplayValue('Interview')).toBeInTheDocument();

  // Someone else saves first (a rename); this page's save is then stale.
  const now = await httpHiringApi.stages(undefined);
  await httpHiringApi.saveStages(
    {
      stages: now.stages.map((s) => ({ key: s.key, label: s.key === 'hired' ? 'Offer accepted' : s.label })),
      version: now.version,
    },
    undefined,
  );
  await user.type(within(f).getByLabelText('New stage name'), 'References{Enter}');
  await user.click(within(f).getByRole('button', { name: 'Save stages' }));
  await waitFor(() =>
    expect(within(f).getByRole('alert')).toHaveTextContent(
      /^Not saved: The stages were changed by someone else/,
    ),
  );
  // The stored list comes back into the form: the other recruiter's rename, and nothing of ours saved.
  expect(await within(f).findByDisplayValue('Offer accepted')).toBeInTheDocument();
  expect((await httpHiringApi.stages(undefined)).stages.some((s) => s.label === 'References')).toBe(false);
});
