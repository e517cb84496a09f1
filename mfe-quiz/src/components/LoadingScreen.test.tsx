import { act, render, screen } from '@testing-library/react';
import { LoadingScreen } from './LoadingScreen';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const screenFor = (loaded: boolean) => (
  <LoadingScreen loaded={loaded} loadedTitle="Welcome back to your quiz" barLabel="Loading your quiz">
    <a href="/next">Resume Quiz</a>
  </LoadingScreen>
);

it('stays at the pre-load cap with the loading title until the data arrives, then shows the title and the action', () => {
  const { rerender } = render(screenFor(false));
  act(() => jest.advanceTimersByTime(2_000));
  expect(screen.getByRole('heading', { name: 'Loading your exercise...' })).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Loading your quiz' })).toHaveAttribute(
    'aria-valuenow',
    '80',
  );
  expect(screen.queryByRole('link')).not.toBeInTheDocument();

  rerender(screenFor(true));
  act(() => jest.advanceTimersByTime(1_000));
  expect(screen.getByRole('heading', { name: 'Welcome back to your quiz' })).toBeInTheDocument();
  expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  expect(screen.getByRole('link', { name: 'Resume Quiz' })).toHaveAttribute('href', '/next');
});
