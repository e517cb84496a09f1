// The report's invitation email card and the candidate details form together, through the exposed
// app on the real services (libs/remote-kit test-services): what a resend said is about the
// invitation as it was (the address it went to, or why it could not go), so correcting the
// candidate's email afterwards takes it off the page; the edit says what it did. The test services
// send no email, so the resend here is the server's real refusal (409: email is not set up); a
// resend that went out is said in the same region and goes the same way. Their email status says so
// too, and then no Resend button is offered: here that status fails to load (msw, a 500), which
// leaves the button, and the refusal comes from the server.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { errorReply, setupTestServices } from '@skillquiz/remote-kit/test-services';
import { renderHiringAt } from '../hiringTestKit';
import { httpHiringApi } from '../api/hiringApi';

const services = setupTestServices();

jest.setTimeout(60_000);

it('after a resend, editing the candidate takes the resend message away', async () => {
  const user = userEvent.setup();
  const run = Math.random().toString(36).slice(2, 8);
  const created = await httpHiringApi.create({
    candidate_name: 'Resent Candidate',
    candidate_email: `resent.${run}@exmaple.com`,
    required_atoms: ['javascript'],
  });
  const id = created.invitation.id;
  services.msw.use(
    http.get(services.url(`/api/hiring/invitations/${id}/email`), () => errorReply(500, 'Internal error')),
  );
  renderHiringAt(`/hiring/invitations/${id}`);
  const card = await screen.findByRole('region', { name: 'Invitation email' });
  await within(card).findByText('The email status could not be loaded.');
  await user.click(await within(card).findByRole('button', { name: 'Resend invitation email' }));
  await waitFor(() =>
    expect(within(card).getByRole('status')).toHaveTextContent(/^Email is not set up on this server/),
  );

  const details = screen.getByRole('region', { name: 'Candidate details' });
  await user.click(within(details).getByRole('button', { name: 'Edit name and email' }));
  const email = within(details).getByLabelText('Candidate email');
  await user.clear(email);
  await user.type(email, `resent.${run}@example.com`);
  await user.click(within(details).getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(within(details).getByRole('status')).toHaveTextContent(
      `Saved. The invitation email goes to resent.${run}@example.com.`,
    ),
  );
  // The resend's message was about the invitation before the edit: it is gone, not left beside the edit's.
  expect(within(card).getByRole('status')).toBeEmptyDOMElement();
});

it('offers no Resend while the email status loads, nor when it says email cannot go', async () => {
  const created = await httpHiringApi.create({
    candidate_name: 'Unsent Candidate',
    candidate_email: `unsent.${Math.random().toString(36).slice(2, 8)}@example.com`,
    required_atoms: ['javascript'],
  });
  renderHiringAt(`/hiring/invitations/${created.invitation.id}`);
  const card = await screen.findByRole('region', { name: 'Invitation email' });
  expect(within(card).queryByRole('button', { name: 'Resend invitation email' })).toBeNull();
  await within(card).findByText(/^Email is not set up on this server/);
  expect(within(card).queryByRole('button', { name: 'Resend invitation email' })).toBeNull();
});
