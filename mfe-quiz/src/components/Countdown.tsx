// The question timer: mm:ss to expires_at; it sticks to the top right (10 px / 20 px) once its place
// has been scrolled past (SPEC §2). Its tick is also the question's expiry check (SPEC §4): the page
// learns of the deadline through onExpire. Each tick is scheduled on the deadline's next
// whole second (msToNextTick), not by a drifting setInterval, so a loaded browser never skips a
// second; in the last 30 seconds the timer changes its look, and '30 seconds left' and '10 seconds
// left' are announced once each through a polite live region (WCAG 2.2.1).
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import {
  formatCountdown,
  isQuestionExpired,
  LOW_TIME_SECONDS,
  msToNextTick,
  msUntil,
  secondsLeft,
  timeWarning,
} from '../model/time';

export interface CountdownProps {
  expiresAt: string;
  supportEmail: string;
  /** Called once expiresAt has passed: on mount if it already has, else from the tick that sees it. */
  onExpire?: () => void;
}

export function Countdown({ expiresAt, supportEmail, onExpire }: CountdownProps) {
  const [now, setNow] = useState(() => Date.now());
  // The last warning said, and for which deadline (a new question starts with none).
  const [warning, setWarning] = useState<{ for: string; text: string } | null>(null);
  const [stuck, setStuck] = useState(false);
  const slot = useRef<HTMLDivElement>(null);
  // An effect event: a new callback identity must not restart the tick.
  const expire = useEffectEvent(() => onExpire?.());

  useEffect(() => {
    let fired = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let shown = secondsLeft(msUntil(expiresAt, Date.now()));
    const check = (t: number) => {
      if (!fired && isQuestionExpired(expiresAt, t)) {
        fired = true;
        expire();
      }
    };
    // The next tick at the next whole second before the deadline; none once it has passed.
    const schedule = (t: number) => {
      if (!fired) timer = setTimeout(tick, msToNextTick(msUntil(expiresAt, t)));
    };
    const tick = () => {
      const t = Date.now();
      setNow(t);
      const s = secondsLeft(msUntil(expiresAt, t));
      const text = timeWarning(shown, s);
      if (text) setWarning({ for: expiresAt, text });
      shown = s;
      check(t);
      schedule(t);
    };
    const t0 = Date.now();
    check(t0);
    schedule(t0);
    return () => clearTimeout(timer);
  }, [expiresAt]);

  useEffect(() => {
    const el = slot.current;
    if (!el || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(([entry]) => {
      // Stuck only when the slot left through the top, not when it is below the fold.
      setStuck(!entry.isIntersecting && entry.boundingClientRect.top < 0);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const { TOP_PX, RIGHT_PX } = CONSTANTS.STICKY_TIMER;
  const msLeft = msUntil(expiresAt, now);
  const left = formatCountdown(msLeft);
  const low = secondsLeft(msLeft) <= LOW_TIME_SECONDS;
  const className = ['sq-timer', stuck && 'sq-timer--stuck', low && 'sq-timer--low']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="sq-timer-slot" ref={slot}>
      <div className={className} style={stuck ? { top: TOP_PX, right: RIGHT_PX } : undefined}>
        <svg
          className="sq-timer__icon"
          viewBox="0 0 24 24"
          width="18"
          height="18"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="12" cy="13" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
          <path
            d="M12 9v4l3 2M9 2h6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        <span className="sq-timer__time" aria-hidden="true">
          {left}
        </span>
        <span className="sq-sr-only">
          Time left for this question: {left}. Users who need more time should contact support at{' '}
          {supportEmail}.
        </span>
        {/* Present from the start (empty), so screen readers hear each warning as it is put here. */}
        <span className="sq-sr-only sq-timer__warning" aria-live="polite" aria-atomic="true">
          {warning?.for === expiresAt ? warning.text : ''}
        </span>
      </div>
    </div>
  );
}
