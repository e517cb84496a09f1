// SPEC §4 loading bar: +10 every 100 ms, up to 80 while the quiz result is missing, 120 once loaded;
// shown capped at 100. The extra 20 past 100 is a short pause at "full" before the page says it is done.
import { useEffect, useState } from 'react';
import { CONSTANTS } from '@skillquiz/contracts/constants';

const BAR = CONSTANTS.LOADING_BAR;

export function loadingBarCap(loaded: boolean): number {
  return loaded ? BAR.CAP_AFTER_LOAD : BAR.CAP_BEFORE_LOAD;
}

export function nextLoadingProgress(progress: number, loaded: boolean): number {
  return Math.min(progress + BAR.STEP, Math.max(progress, loadingBarCap(loaded)));
}

export function displayedProgress(progress: number): number {
  return Math.min(progress, BAR.DISPLAY_MAX);
}

export function isLoadingComplete(progress: number, loaded: boolean): boolean {
  return loaded && progress >= BAR.CAP_AFTER_LOAD;
}

/** The bar's raw progress; ticks until it reaches the cap for the current load state. */
export function useLoadingProgress(loaded: boolean): { progress: number; complete: boolean } {
  const [progress, setProgress] = useState(0);
  const atCap = progress >= loadingBarCap(loaded);
  useEffect(() => {
    if (atCap) return undefined;
    const id = setInterval(() => setProgress((p) => nextLoadingProgress(p, loaded)), BAR.INTERVAL_MS);
    return () => clearInterval(id);
  }, [loaded, atCap]);
  return { progress, complete: isLoadingComplete(progress, loaded) };
}
