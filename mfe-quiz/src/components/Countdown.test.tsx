import { act, render, screen } from '@testing-library/react';
import { Countdown } from './Countdown';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('counts down every second and calls onExpire once, from the tick that reaches the deadline', () => {
  const onExpire = jest.fn();
  const expiresAt = new Date(Date.now() + 2_500).toISOString();
  render(<Countdown expiresAt={expiresAt} supportEmail="help@acme.example" onExpire={onExpire} />);
  expect(screen.getByText('00:03')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1_000));
  expect(screen.getByText('00:02')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1_000));
  expect(onExpire).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(1_000));
  expect(onExpire).toHaveBeenCalledTimes(1);
  expect(screen.getByText('00:00')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(5_000));
  expect(onExpire).toHaveBeenCalledTimes(1);
});

it('calls onExpire on mount when the deadline has already passed', () => {
  const onExpire = jest.fn();
  render(
    <Countdown
      expiresAt={new Date(Date.now() - 1_000).toISOString()}
      supportEmail="help@acme.example"
      onExpire={onExpire}
    />,
  );
  expect(onExpire).toHaveBeenCalledTimes(1);
});
