// Toasts from an admin remote: react-toastify's toast() reaches the shell's one ToastContainer
// because react-toastify is a shared singleton (libs/webpack-config). SPEC §8 fixes each toast's
// kind and duration; a server message, when there is one, goes under the title.
import { toast } from 'react-toastify';

function content(title: string, detail?: string) {
  if (!detail || detail === title) return title;
  return (
    <div>
      <strong className="sq-toast__title">{title}</strong>
      <div className="sq-toast__detail">{detail}</div>
    </div>
  );
}

export interface ToastOptions {
  /** Auto-close after this many ms (SPEC §9's durations). */
  durationMs: number;
  /** Server message shown under the title. */
  detail?: string;
  /** Show a close button (default true: react-toastify's own). */
  closable?: boolean;
  /** The same id replaces an earlier toast instead of stacking another. */
  id?: string;
}

export function showSuccessToast(title: string, { durationMs, detail, closable = true, id }: ToastOptions) {
  return toast.success(content(title, detail), {
    autoClose: durationMs,
    closeButton: closable,
    toastId: id,
  });
}

export function showErrorToast(title: string, { durationMs, detail, closable = true, id }: ToastOptions) {
  return toast.error(content(title, detail), {
    autoClose: durationMs,
    closeButton: closable,
    toastId: id,
  });
}

/** Closes a toast shown with an `id` (e.g. a load error once the load has worked). */
export function dismissToast(id: string): void {
  toast.dismiss(id);
}
