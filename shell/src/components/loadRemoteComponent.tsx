// Turns an exposed module id ('mfe_quiz/QuizApp') into a React component that loads it lazily inside a
// RemoteBoundary. Nothing about the remote's URL is known here: see api/remotes.ts.
import {
  lazy,
  useEffect,
  useEffectEvent,
  useState,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
import type { RemoteWrapperProps } from '@skillquiz/contracts';
import { loadRemoteModule } from '../api/remotes';
import { RemoteBoundary } from './RemoteBoundary';

export type RemoteLoader = (id: string, opts: { retry: boolean }) => Promise<unknown>;

export interface RemoteComponentOptions {
  /** Render nothing (instead of the unavailable message) while loading or when down. */
  silent?: boolean;
  /** The fallbacks stand for a whole page: give them a <main> landmark. */
  asMain?: boolean;
  /** How to load the module (tests inject one); defaults to module federation. */
  load?: RemoteLoader;
}

type AnyComponent = ComponentType<object>;

function asDefaultExport(mod: unknown): { default: AnyComponent } {
  const candidate =
    mod && typeof mod === 'object' && 'default' in mod ? (mod as { default: unknown }).default : mod;
  if (
    typeof candidate !== 'function' &&
    !(candidate && typeof candidate === 'object' && '$$typeof' in candidate)
  ) {
    throw new Error('The remote module does not export a React component');
  }
  return { default: candidate as AnyComponent };
}

/** Rendered beside the remote inside its boundary: it commits only when the remote rendered. */
function MountProbe({ onChange }: { onChange: (mounted: boolean) => void }) {
  const report = useEffectEvent(onChange);
  useEffect(() => {
    report(true);
    return () => report(false);
  }, []);
  return null;
}

export function loadRemoteComponent<P extends object>(
  id: string,
  { silent = false, asMain = false, load = loadRemoteModule }: RemoteComponentOptions = {},
): ComponentType<P & RemoteWrapperProps> {
  // One lazy component per load attempt, shared by every mount: navigating away and back does not reload.
  let current: LazyExoticComponent<AnyComponent> | null = null;
  let lastFailed = false;
  const lazyComponent = (retry: boolean) => {
    if (!current || retry) {
      const forceReload = retry || lastFailed;
      lastFailed = false;
      current = lazy(() =>
        load(id, { retry: forceReload })
          .then(asDefaultExport)
          .catch((err) => {
            // The next mount starts a fresh, forced load rather than replaying this failure.
            lastFailed = true;
            current = null;
            throw err;
          }),
      );
    }
    return current;
  };

  function RemoteComponent({ onMountedChange, ...props }: P & RemoteWrapperProps) {
    const [attempt, setAttempt] = useState(0);
    // Held in state, made only on mount and on Retry: a component made during render would remount
    // the remote on every render.
    const [Remote, setRemote] = useState(() => lazyComponent(false));
    return (
      <RemoteBoundary
        label={id}
        attempt={attempt}
        silent={silent}
        asMain={asMain}
        onRetry={() => {
          setAttempt((a) => a + 1);
          setRemote(() => lazyComponent(true));
        }}
      >
        <Remote {...props} />
        {onMountedChange && <MountProbe onChange={onMountedChange} />}
      </RemoteBoundary>
    );
  }
  RemoteComponent.displayName = `Remote(${id})`;
  return RemoteComponent;
}
