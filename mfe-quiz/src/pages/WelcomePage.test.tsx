// The welcome page through the real QuizApp routes on the real services (libs/remote-kit
// test-services): a fresh invitation of Acme Robotics made through the hiring API, its quiz served by
// the quiz API through the remote's own httpQuizApi. SPEC §2's texts, then the briefing under them,
// before 'Begin Quiz'. A quiz with nothing to serve cannot be made from the seeded bank: that reply is
// the real one changed, checked against the contracts' QuizResultSchema, and served by msw.
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QuizResultSchema } from '@skillquiz/contracts';
import { setupTestServices } from '@skillquiz/remote-kit/test-services';
import QuizApp from '../QuizApp';
import { watchNoDevtools } from '../tracking/devtools';
import { newQuizToken as newFlowQuizToken } from './questionFlowKit';

const services = setupTestServices();

/** A new invitation (as Acme's recruiter, through the real hiring API): its quiz token. */
const newQuizToken = () => newFlowQuizToken('Welcome Test');

function renderQuiz(token: string) {
  render(
    <MemoryRouter initialEntries={[`/quiz/${token}`]}>
      <Routes>
        <Route path="/quiz/*" element={<QuizApp watchDevtools={watchNoDevtools} />} />
      </Routes>
    </MemoryRouter>,
  );
}

jest.setTimeout(30_000);

it('keeps the SPEC texts and adds the briefing: questions, time per question, what is recorded, privacy', async () => {
  renderQuiz(await newQuizToken());
  expect(
    await screen.findByRole('heading', { name: 'Your exercise has finished loading!' }),
  ).toBeInTheDocument();
  const briefing = screen.getByRole('region', { name: 'Before you begin' });
  expect(briefing).toHaveTextContent(/\d+ questions, one at a time\./);
  // The services' default question time (QUESTION_TIME_LIMIT_SECONDS unset).
  expect(briefing).toHaveTextContent('1 minute 30 seconds for each question.');
  expect(briefing).toHaveTextContent(
    'Switching to another tab or window, going offline, opening developer tools and using the clipboard (copy, cut, paste) are recorded and shown to Acme Robotics.',
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
  const token = await newQuizToken();
  const real = QuizResultSchema.parse(await (await fetch(`/api/quiz/${token}/`)).json());
  const unavailable = QuizResultSchema.parse({
    ...real,
    unavailable: true,
    quiz: { ...real.quiz, atoms: real.quiz.atoms.map((a) => ({ ...a, num_questions: 0 })) },
  });
  services.msw.use(http.get(services.url(`/api/quiz/${token}/`), () => HttpResponse.json(unavailable)));
  renderQuiz(token);
  expect(await screen.findByRole('heading', { name: 'This test is not available yet' })).toBeInTheDocument();
  expect(screen.getByText(/Please contact Acme Robotics/)).toBeInTheDocument();
  // The seeded company's support address (seed/content/company.ts).
  expect(real.quiz.support_email).toBe('support@skillquiz.example');
  expect(screen.getByRole('link', { name: 'support@skillquiz.example' })).toHaveAttribute(
    'href',
    'mailto:support@skillquiz.example',
  );
  expect(screen.queryByRole('link', { name: 'Begin Quiz' })).not.toBeInTheDocument();
});
