import { displayedProgress } from '../hooks/loadingBar';

export function LoadingBar({ progress, label }: { progress: number; label: string }) {
  const value = displayedProgress(progress);
  return (
    <div
      className="sq-loading-bar"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
    >
      <div className="sq-loading-bar__fill" style={{ width: `${value}%` }} />
    </div>
  );
}
