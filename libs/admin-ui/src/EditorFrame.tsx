// The frame of an admin editor (an atom, a question): the breadcrumb heading, a side menu of the
// editor's pages, Save / Delete with the unsaved-changes status under them, and the current page.
// Each remote says what its pages are and what its buttons do; the layout is the same everywhere.
import type { FormEvent, ReactNode, Ref } from 'react';
import { Link, type To } from 'react-router-dom';

export interface EditorMenuItem {
  key: string;
  label: string;
  to: To;
  /** Replace the history entry (pages chosen by a query parameter). */
  replace?: boolean;
  current: boolean;
}

export interface EditorFrameProps {
  headingId: string;
  /** Focused after a save or a load, so screen readers hear where they are. */
  headingRef: Ref<HTMLHeadingElement>;
  /** The breadcrumb's first step, e.g. Atoms → /admin/atoms. */
  parent: { label: string; to: To };
  title: string;
  menuLabel: string;
  menu: readonly EditorMenuItem[];
  save: { disabled: boolean; pending: boolean };
  remove: { disabled: boolean; onClick(): void };
  /** 'Unsaved changes', or another line about the form (a polite status). */
  status: string;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  children: ReactNode;
}

export function EditorFrame({
  headingId,
  headingRef,
  parent,
  title,
  menuLabel,
  menu,
  save,
  remove,
  status,
  onSubmit,
  children,
}: EditorFrameProps) {
  return (
    <form className="sq-editor" aria-labelledby={headingId} onSubmit={onSubmit} noValidate>
      <nav aria-label="Breadcrumb" className="sq-breadcrumb">
        <h1 id={headingId} ref={headingRef} tabIndex={-1}>
          <Link to={parent.to}>{parent.label}</Link>
          <span aria-hidden="true"> &gt; </span>
          <span className="sq-sr-only">, </span>
          <span>{title}</span>
        </h1>
      </nav>
      <div className="sq-editor__layout">
        <div className="sq-editor__side">
          <nav aria-label={menuLabel}>
            <ul className="sq-editor-menu">
              {menu.map((item) => (
                <li key={item.key}>
                  <Link
                    to={item.to}
                    replace={item.replace}
                    className={item.current ? 'active' : undefined}
                    aria-current={item.current ? 'page' : undefined}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="sq-editor__buttons">
            <button type="submit" className="sq-button sq-button--primary" disabled={save.disabled}>
              {save.pending ? 'Saving…' : 'Save'}
            </button>
            <button
              type="button"
              className="sq-button sq-button--danger"
              disabled={remove.disabled}
              onClick={remove.onClick}
            >
              Delete
            </button>
            <p className="sq-editor__status" role="status">
              {status}
            </p>
          </div>
        </div>
        <div className="sq-editor__page">{children}</div>
      </div>
    </form>
  );
}
