// The done page through the real QuizApp routes on the real services (libs/remote-kit test-services):
// a quiz of a fresh Acme Robotics invitation, answered to the end and finished through the quiz API,
// its final counts and the survey read and written by the server through the remote's own data layer. A survey
// save failing is msw at the HTTP layer. (DonePage.test.tsx renders the page alone on given results:
// the count texts and links for results the seed does not give on demand, and the reload on arrival.)
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { setupTestServices } from '@skillquiz/remote-kit/test-services';
import QuizApp from '../QuizApp';
import { watchNoDevtools } from '../tracking/devtools';
import { finishThroughApi, newQuizToken, serverQuiz } from './questionFlowKit';

const services = setupTestServices();

jest.setTimeout(30_000);

/** A new invitation of Acme Robotics, every question of its quiz answered and the quiz finished: its token. */
async function finishedQuizToken(): Promise<string> {
  const token = await newQuizToken('Done Test');
  await finishThroughApi(token);
  return token;
}

function renderDone(token: string) {
  return render(
    <MemoryRouter initialEntries={[`/quiz/${token}/done`]}>
      <Routes>
        <Route path="/quiz/*" element={<QuizApp watchDevtools={watchNoDevtools} />} />
      </Routes>
    </MemoryRouter>,
  );
}

it('a finished quiz: the completed message, the share note, and a vote the server keeps', async () => {
  const token = await finishedQuizToken();
  expect((await serverQuiz(token)).finished_at).toBeTruthy();
  const view = renderDone(token);
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
    /^You've completed the .+ quiz$/,
  );
  expect(screen.getByText("We've shared your results with Acme Robotics.")).toBeInTheDocument();
  expect(screen.getByText(/Do you feel the content you were just tested on is relevant/)).toBeInTheDocument();
  expect(screen.getByText(/not shared individually with Acme Robotics/)).toBeInTheDocument();
  expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
    'No, not relevant',
    'Somewhat relevant',
    'Yes, relevant',
  ]);

  await userEvent.click(screen.getByRole('button', { name: 'Yes, relevant' }));
  expect(await screen.findByText('Thank you for your feedback.')).toBeInTheDocument();
  expect(screen.getByText(/not shared individually with Acme Robotics/)).toBeInTheDocument();
  await waitFor(() =>
    expect(screen.getByRole('heading', { name: 'Thank you for your feedback.' })).toHaveFocus(),
  );
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
  expect((await serverQuiz(token)).survey_completed).toBe(true);

  // Opened again: the server says it was answered, so the thanks shows at once (no focus moved).
  view.unmount();
  renderDone(token);
  expect(await screen.findByRole('heading', { name: 'Thank you for your feedback.' })).not.toHaveFocus();
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});

it('a survey save that fails (500) leaves the survey open, and nothing is stored', async () => {
  const token = await finishedQuizToken();
  services.msw.use(
    http.post(services.url(`/api/quiz/${token}/survey`), () =>
      HttpResponse.json({ success: false, message: 'Internal server error' }, { status: 500 }),
    ),
  );
  renderDone(token);
  await userEvent.click(await screen.findByRole('button', { name: 'No, not relevant' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'No, not relevant' })).toBeEnabled());
  expect(screen.queryByText('Thank you for your feedback.')).not.toBeInTheDocument();
  expect((await serverQuiz(token)).survey_completed).toBe(false);
});
