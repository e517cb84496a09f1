import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router-dom';
import { UNSAVED_CHANGES_MESSAGE, useUnsavedChangesGuard } from './useUnsavedChangesGuard';

function Form({ confirm }: { confirm: (m: string) => boolean }) {
  const [dirty, setDirty] = useState(false);
  const navigate = useNavigate();
  const guard = useUnsavedChangesGuard({
    when: dirty,
    keepsEdits: (next) => next.pathname.startsWith('/edit/'),
    confirm,
  });
  return (
    <>
      <button onClick={() => setDirty(true)}>Edit</button>
      <Link to="/edit/other-page">Other page</Link>
      <Link to="/list">List</Link>
      <button
        onClick={() => {
          guard.allowNextNavigation();
          navigate('/list');
        }}
      >
        Saved, go
      </button>
    </>
  );
}

function setup(answer: boolean) {
  const confirm = jest.fn(() => answer);
  const router = createMemoryRouter(
    [
      { path: '/edit/:page', element: <Form confirm={confirm} /> },
      { path: '/list', element: <p>The list</p> },
    ],
    { initialEntries: ['/list', '/edit/general'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return { confirm, router };
}

describe('useUnsavedChangesGuard', () => {
  it('lets a clean form go without asking', async () => {
    const { confirm } = setup(false);
    await userEvent.click(screen.getByRole('link', { name: 'List' }));
    expect(await screen.findByText('The list')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks before leaving with unsaved changes, and stays when the answer is no', async () => {
    const { confirm, router } = setup(false);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('link', { name: 'List' }));
    expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES_MESSAGE);
    expect(router.state.location.pathname).toBe('/edit/general');
    // The back button too.
    await act(() => router.navigate(-1));
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(router.state.location.pathname).toBe('/edit/general');
  });

  it('leaves when the answer is yes', async () => {
    const { router } = setup(true);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('link', { name: 'List' }));
    expect(await screen.findByText('The list')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/list');
  });

  it('never asks for a destination that keeps the edits, or for the form’s own navigation', async () => {
    const { confirm, router } = setup(false);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('link', { name: 'Other page' }));
    expect(router.state.location.pathname).toBe('/edit/other-page');
    await userEvent.click(screen.getByRole('button', { name: 'Saved, go' }));
    expect(await screen.findByText('The list')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks the browser before the tab closes only while there are unsaved changes', async () => {
    setup(false);
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
