// The question timer: mm:ss to expires_at, refreshed every second; it sticks to the top right
// (10 px / 20 px) once its place has been scrolled past (SPEC §2). Its one-second tick is also the
// question's expiry check (SPEC §4): the page learns of the deadline through onExpire.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import { formatCountdown, isQuestionExpired, msUntil } from '../hooks/time';

export interface CountdownProps {
  expiresAt: string;
  supportEmail: string;
  /** Called once expiresAt has passed: on mount if it already has, else from the tick that sees it. */
  onExpire?: () => void;
}

export function Countdown({ expiresAt, supportEmail, onExpire }: CountdownProps) {
  const [now, setNow] = useState(() => Date.now());
  const [stuck, setStuck] = useState(false);
  const slot = useRef<HTMLDivElement>(null);
  // An effect event: a new callback identity must not restart the tick.
  const expire = useEffectEvent(() => onExpire?.());

  useEffect(() => {
    let fired = false;
    const check = (t: number) => {
      if (!fired && isQuestionExpired(expiresAt, t)) {
        fired = true;
        expire();
      }
    };
    check(Date.now());
    const id = setInterval(() => {
      const t = Date.now();
      setNow(t);
      check(t);
    }, CONSTANTS.TIMER_REFRESH_MS);
    return () => clearInterval(id);
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
  const left = formatCountdown(msUntil(expiresAt, now));
  return (
    <div className="sq-timer-slot" ref={slot}>
      <div
        className={stuck ? 'sq-timer sq-timer--stuck' : 'sq-timer'}
        style={stuck ? { top: TOP_PX, right: RIGHT_PX } : undefined}
      >
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
      </div>
    </div>
  );
}
