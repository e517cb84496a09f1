import { act, render, screen } from '@testing-library/react';
import { Countdown } from './Countdown';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const timer = () => document.querySelector('.sq-timer')!;
const warning = () => document.querySelector('.sq-timer__warning')!;

it('counts down every second and calls onExpire once, from the tick that reaches the deadline', () => {
  const onExpire = jest.fn();
  render(<Countdown expiresAt={inMs(2_500)} supportEmail="help@acme.example" onExpire={onExpire} />);
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

it('ticks on the deadline’s whole seconds, not a second after it appeared', () => {
  const onExpire = jest.fn();
  render(<Countdown expiresAt={inMs(10_700)} supportEmail="help@acme.example" onExpire={onExpire} />);
  expect(screen.getByText('00:11')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(699));
  expect(screen.getByText('00:11')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1)); // 10.0 s left: the second drops now
  expect(screen.getByText('00:10')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1_000));
  expect(screen.getByText('00:09')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(9_000));
  expect(screen.getByText('00:00')).toBeInTheDocument();
  expect(onExpire).toHaveBeenCalledTimes(1);
  // Nothing is left to tick once the deadline has passed.
  expect(jest.getTimerCount()).toBe(0);
});

it('changes its look in the last 30 seconds and announces 30 and 10 seconds left once each, politely', () => {
  render(<Countdown expiresAt={inMs(31_500)} supportEmail="help@acme.example" />);
  expect(warning()).toHaveAttribute('aria-live', 'polite');
  expect(warning()).toBeEmptyDOMElement();
  expect(timer()).not.toHaveClass('sq-timer--low');
  act(() => jest.advanceTimersByTime(500)); // 31 s
  expect(warning()).toBeEmptyDOMElement();
  act(() => jest.advanceTimersByTime(1_000)); // 30 s
  expect(warning()).toHaveTextContent('30 seconds left');
  expect(timer()).toHaveClass('sq-timer--low');
  expect(screen.getByText('00:30')).toBeInTheDocument();
  // Second by second to the end: the region changes once more, to '10 seconds left', and stays.
  const seen: string[] = [];
  for (let i = 0; i < 30; i++) {
    act(() => jest.advanceTimersByTime(1_000));
    const text = warning().textContent ?? '';
    if (text !== seen.at(-1)) seen.push(text);
  }
  expect(seen).toEqual(['30 seconds left', '10 seconds left']);
  expect(screen.getByText('00:00')).toBeInTheDocument();
});

it('a short question announces only the warning it reaches, and a new question starts without one', () => {
  const { rerender } = render(<Countdown expiresAt={inMs(12_000)} supportEmail="help@acme.example" />);
  expect(timer()).toHaveClass('sq-timer--low');
  act(() => jest.advanceTimersByTime(2_000));
  expect(warning()).toHaveTextContent('10 seconds left');
  rerender(<Countdown expiresAt={inMs(60_000)} supportEmail="help@acme.example" />);
  expect(warning()).toBeEmptyDOMElement();
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
