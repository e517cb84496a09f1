// The welcome page through the real QuizApp routes on the dev page's in-memory QuizApi: SPEC §2's
// texts, then the briefing under them, before 'Begin Quiz'.
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import QuizApp from '../QuizApp';
import { watchNoDevtools } from '../tracking/devtools';
import { createFakeQuizApi, SAMPLE_TOKENS } from '../../dev/fakeQuizApi';

it('keeps the SPEC texts and adds the briefing: questions, time per question, what is recorded, privacy', async () => {
  const api = createFakeQuizApi({ latencyMs: 5, questionSeconds: 135 });
  render(
    <MemoryRouter initialEntries={[`/quiz/${SAMPLE_TOKENS.new}`]}>
      <Routes>
        <Route path="/quiz/*" element={<QuizApp api={api} watchDevtools={watchNoDevtools} />} />
      </Routes>
    </MemoryRouter>,
  );
  expect(
    await screen.findByRole('heading', { name: 'Your exercise has finished loading!' }),
  ).toBeInTheDocument();
  const briefing = screen.getByRole('region', { name: 'Before you begin' });
  expect(briefing).toHaveTextContent('5 questions, one at a time.');
  expect(briefing).toHaveTextContent('2 minutes 15 seconds for each question.');
  expect(briefing).toHaveTextContent(
    'Switching to another tab or window, going offline, opening developer tools and using the clipboard (copy, cut, paste) are recorded and shown to Acme Robotics.',
  );
  // answer times are used by the statistical signals of the hiring report
  expect(briefing).toHaveTextContent(
    'How long you take on each answer is used too: Acme Robotics sees where your answers and their times look unusual',
  );
  expect(briefing).toHaveTextContent(
    'as a reason to look, never as a verdict. Nothing else is recorded: no camera, no screen.',
  );
  expect(within(briefing).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    expect.stringMatching(/privacy/),
  );
  // The briefing comes before the start.
  const begin = screen.getByRole('link', { name: 'Begin Quiz' });
  expect(briefing.compareDocumentPosition(begin) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

it('a quiz with nothing to serve yet: says the test is not available and whom to contact, no Begin Quiz', async () => {
  const api = createFakeQuizApi({ latencyMs: 5 });
  render(
    <MemoryRouter initialEntries={[`/quiz/${SAMPLE_TOKENS.unavailable}`]}>
      <Routes>
        <Route path="/quiz/*" element={<QuizApp api={api} watchDevtools={watchNoDevtools} />} />
      </Routes>
    </MemoryRouter>,
  );
  expect(await screen.findByRole('heading', { name: 'This test is not available yet' })).toBeInTheDocument();
  expect(screen.getByText(/Please contact Acme Robotics/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'talent@acme.example' })).toHaveAttribute(
    'href',
    'mailto:talent@acme.example',
  );
  expect(screen.queryByRole('link', { name: 'Begin Quiz' })).not.toBeInTheDocument();
});
