import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { QuizResult } from '@skillquiz/contracts';
import { quizResult } from '@skillquiz/contracts/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { QuizApiProvider } from '../api/context';
import { createQuizQueryClient } from '../api/queries';
import type { QuizApi } from '../api/quizApi';
import { QuizContext, type QuizContextValue } from '../hooks/useQuiz';
import { TrackingContext, type QuizTracking } from '../tracking/context';
import { watchNoDevtools } from '../tracking/devtools';
import type { QuestionLog } from '../tracking/questionLog';
import { DonePage } from './DonePage';
import { moreQuizzesText, otherQuizUrl, quizzesLeftText } from './doneTexts';

// The page alone, with a quiz context and a QuizApi of the test's own: `current` is what the quiz
// provider holds, `reload` what its reload does. For results the seed does not give on demand (a
// quiz_url that is this done page, counts of quizzes left) and the reload's timing; the page on the
// real services, with its survey, is DonePage.services.test.tsx.
const notUsed = () => {
  throw new Error('the done page does not make this call');
};
const api: QuizApi = {
  getQuiz: notUsed,
  getQuestion: notUsed,
  answer: notUsed,
  log: notUsed,
  track: notUsed,
  sendEvents: notUsed,
  pass243: notUsed,
  finish: notUsed,
  envVars: notUsed,
  abandonOnUnload: notUsed,
  survey: notUsed,
};

let current: QuizResult | undefined;
const reload = jest.fn(async () => current);

/** The log queue's flush: the done page sends what is waiting as it opens. */
const flush = jest.fn(async () => {});
const tracking: QuizTracking = {
  log: { flush } as unknown as QuestionLog,
  watchDevtools: watchNoDevtools,
};

const client = createQuizQueryClient();
function Providers({ children }: { children: ReactNode }) {
  const quiz = { token: 'tok_0123456789abcdefghij', result: current, reload } as unknown as QuizContextValue;
  return (
    <QueryClientProvider client={client}>
      <QuizApiProvider api={api}>
        <TrackingContext.Provider value={tracking}>
          <QuizContext.Provider value={quiz}>{children}</QuizContext.Provider>
        </TrackingContext.Provider>
      </QuizApiProvider>
    </QueryClientProvider>
  );
}
const renderPage = () => render(<DonePage />, { wrapper: Providers });

/** The done page opened directly: the provider loads the result, which is final. */
const done = (o: Partial<QuizResult>) => {
  current = undefined;
  const view = renderPage();
  current = quizResult({ started_at: 's', finished_at: 'f', ...o });
  view.rerender(<DonePage />);
  return view;
};

describe('done page texts (SPEC §2)', () => {
  it('plural only above one', () => {
    expect(quizzesLeftText(1)).toBe('You have 1 more quiz to complete.');
    expect(quizzesLeftText(3)).toBe('You have 3 more quizzes to complete.');
    expect(moreQuizzesText(1)).toBe('You can take one more quiz.');
    expect(moreQuizzesText(4)).toBe('You can take up to 4 more quizzes.');
  });

  it('with required quizzes left: how many, the link and the come-back note; no share note', () => {
    done({ required_atoms_left: 2, max_atoms_left: 3, quiz_url: '/quiz/next_token_0123456789' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      "You've completed the JavaScript quiz",
    );
    expect(screen.getByText('You have 2 more quizzes to complete.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take another quiz' })).toHaveAttribute(
      'href',
      '/quiz/next_token_0123456789',
    );
    expect(screen.getByText(/link in your original email/)).toBeInTheDocument();
    expect(screen.queryByText(/We've shared your results/)).not.toBeInTheDocument();
    expect(screen.queryByText(/more of your skills/)).not.toBeInTheDocument();
  });

  it('with none required: the share note, and the optional quizzes card', () => {
    done({ required_atoms_left: 0, max_atoms_left: 1, quiz_url: '/quiz/next_token_0123456789' });
    expect(screen.getByText("We've shared your results with Acme.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Show Acme more of your skills!' })).toBeInTheDocument();
    expect(screen.getByText('You can take one more quiz.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Take another quiz' })).toHaveLength(1);
  });

  it('otherQuizUrl: null for no url, this quiz (any of its pages) or any done page', () => {
    const token = 'tok_0123456789abcdefghij';
    expect(otherQuizUrl('/quiz/next_token_0123456789', token)).toBe('/quiz/next_token_0123456789');
    expect(otherQuizUrl('https://skillquiz.example/quiz/next_token_0123456789', token)).toBe(
      'https://skillquiz.example/quiz/next_token_0123456789',
    );
    expect(otherQuizUrl(null, token)).toBeNull();
    expect(otherQuizUrl(`/quiz/${token}/done`, token)).toBeNull();
    expect(otherQuizUrl(`/quiz/${token}`, token)).toBeNull();
    expect(otherQuizUrl(`https://skillquiz.example/quiz/${token}/`, token)).toBeNull();
    expect(otherQuizUrl('/quiz/other_token_0123456789/done', token)).toBeNull();
  });

  it('required quizzes left but none open (quiz_url is this done page): no link and no come-back note', () => {
    done({ required_atoms_left: 1, max_atoms_left: 0, quiz_url: '/quiz/tok_0123456789abcdefghij/done' });
    expect(screen.getByText('You have 1 more quiz to complete.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Take another quiz' })).not.toBeInTheDocument();
    expect(screen.queryByText(/link in your original email/)).not.toBeInTheDocument();
  });

  it('optional quizzes left but none open: no card offering them', () => {
    done({ required_atoms_left: 0, max_atoms_left: 2, quiz_url: '/quiz/tok_0123456789abcdefghij/done' });
    expect(screen.getByText("We've shared your results with Acme.")).toBeInTheDocument();
    expect(screen.queryByText(/more of your skills/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Take another quiz' })).not.toBeInTheDocument();
  });

  it('with nothing left at all: no card', () => {
    done({ required_atoms_left: 0, max_atoms_left: 0 });
    expect(screen.getByText("We've shared your results with Acme.")).toBeInTheDocument();
    expect(screen.queryByText(/more of your skills/)).not.toBeInTheDocument();
  });
});

it("sends the queued events as it opens, not at the queue's next turn (the candidate may close the tab)", async () => {
  flush.mockClear();
  current = quizResult({ started_at: 's', finished_at: 'f' });
  renderPage();
  await waitFor(() => expect(flush).toHaveBeenCalledTimes(1));
  expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  expect(flush).toHaveBeenCalledTimes(1);
});

describe('reload on arrival', () => {
  beforeEach(() => reload.mockClear());

  it('reloads when the result was already loaded (just finished: the counts changed)', () => {
    current = quizResult({ started_at: 's', finished_at: null });
    renderPage();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows no count or share line until the reloaded result is in (no flash of the old count)', async () => {
    // Just finished the only required quiz: the result from before the finish call still counts it.
    current = quizResult({ started_at: 's', finished_at: null, required_atoms_left: 1, max_atoms_left: 1 });
    let arrive!: (r: QuizResult) => void;
    reload.mockImplementationOnce(() => new Promise<QuizResult>((resolve) => (arrive = resolve)));
    const view = renderPage();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/more quiz/)).not.toBeInTheDocument();
    expect(screen.queryByText(/We've shared your results/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');

    // The provider publishes the reloaded result: now the page says what is true.
    current = quizResult({ started_at: 's', finished_at: 'f', required_atoms_left: 0, max_atoms_left: 0 });
    arrive(current);
    view.rerender(<DonePage />);
    expect(await screen.findByText("We've shared your results with Acme.")).toBeInTheDocument();
    expect(screen.queryByText(/more quiz/)).not.toBeInTheDocument();
  });

  it('keeps waiting while the reload fails (the provider shows its Retry), then shows the new result', () => {
    current = quizResult({ started_at: 's', finished_at: null, required_atoms_left: 1 });
    reload.mockResolvedValueOnce(undefined);
    const view = renderPage();
    view.rerender(<DonePage />);
    expect(screen.queryByText(/more quiz/)).not.toBeInTheDocument();
    // Retry succeeded: a new result object from the server.
    current = quizResult({ started_at: 's', finished_at: 'f', required_atoms_left: 0 });
    view.rerender(<DonePage />);
    expect(screen.getByText("We've shared your results with Acme.")).toBeInTheDocument();
  });

  it('does not reload when opened directly: the provider is loading the result already', () => {
    current = undefined;
    const { rerender } = renderPage();
    current = quizResult({ started_at: 's', finished_at: 'f' });
    rerender(<DonePage />);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
