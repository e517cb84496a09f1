import { act, renderHook } from '@testing-library/react';
import { displayedProgress, isLoadingComplete, nextLoadingProgress, useLoadingProgress } from './loadingBar';

describe('loading bar steps (SPEC §4)', () => {
  it('grows by 10 and stops at 80 before the quiz result loads', () => {
    let p = 0;
    const seen: number[] = [];
    for (let i = 0; i < 12; i++) seen.push((p = nextLoadingProgress(p, false)));
    expect(seen).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 80, 80, 80, 80]);
  });

  it('goes on to 120 once loaded, shown capped at 100', () => {
    let p = 80;
    const raw: number[] = [];
    for (let i = 0; i < 6; i++) raw.push((p = nextLoadingProgress(p, true)));
    expect(raw).toEqual([90, 100, 110, 120, 120, 120]);
    expect(raw.map(displayedProgress)).toEqual([90, 100, 100, 100, 100, 100]);
    expect(isLoadingComplete(110, true)).toBe(false);
    expect(isLoadingComplete(120, true)).toBe(true);
    expect(isLoadingComplete(120, false)).toBe(false);
  });

  it('ticks every 100 ms in the hook', () => {
    jest.useFakeTimers();
    const { result, rerender } = renderHook(({ loaded }) => useLoadingProgress(loaded), {
      initialProps: { loaded: false },
    });
    expect(result.current.progress).toBe(0);
    act(() => jest.advanceTimersByTime(100));
    expect(result.current.progress).toBe(10);
    act(() => jest.advanceTimersByTime(2000));
    expect(result.current).toEqual({ progress: 80, complete: false });
    rerender({ loaded: true });
    act(() => jest.advanceTimersByTime(400));
    expect(result.current).toEqual({ progress: 120, complete: true });
    jest.useRealTimers();
  });
});
