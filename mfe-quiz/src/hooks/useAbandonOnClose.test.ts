import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { quizResult } from '@skillquiz/contracts/testing';
import { QuizApiProvider } from '../api/context';
import { httpQuizApi } from '../api/quizApi';
import { abandonsOnClose, useAbandonOnClose } from './useAbandonOnClose';

// The real HTTP QuizApi: its abandon is the browser's beacon, which the test records.
const wrapper = ({ children }: { children: ReactNode }) =>
  createElement(QuizApiProvider, { api: httpQuizApi }, children);

const TOKEN = 'tok_0123456789abcdefghij';
const started = { started_at: '2026-01-01T10:00:00.000Z' };

describe('abandonsOnClose', () => {
  it('is false for a quiz never started (welcome page): there is nothing to abandon', () => {
    expect(abandonsOnClose(quizResult(), false, false)).toBe(false);
  });

  it('is true only for a started quiz that is not finished, not expired and not on the done page', () => {
    expect(abandonsOnClose(quizResult(started), false, false)).toBe(true);
    expect(
      abandonsOnClose(quizResult({ ...started, finished_at: '2026-01-01T10:30:00.000Z' }), false, false),
    ).toBe(false);
    expect(abandonsOnClose(quizResult(started), true, false)).toBe(false);
    expect(abandonsOnClose(quizResult(started), false, true)).toBe(false);
    expect(abandonsOnClose(null, false, false)).toBe(false);
  });
});

describe('useAbandonOnClose', () => {
  const sendBeacon = jest.fn(() => true);
  beforeEach(() => {
    sendBeacon.mockClear();
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  });
  const closePage = () => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));

  it('sends no beacon when the page of an unstarted quiz closes', () => {
    renderHook(() => useAbandonOnClose(TOKEN, abandonsOnClose(quizResult(), false, false)), { wrapper });
    closePage();
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('sends one beacon to the abandon call when the page of a started quiz closes', () => {
    renderHook(() => useAbandonOnClose(TOKEN, abandonsOnClose(quizResult(started), false, false)), {
      wrapper,
    });
    closePage();
    closePage();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(sendBeacon).toHaveBeenCalledWith(`/api/quiz/${TOKEN}/abandon`, expect.any(Blob));
  });
});
