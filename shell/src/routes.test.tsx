// The shell's routes in a memory router: 404, error page, admin frame and login.
import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { ApiResult } from '@skillquiz/http-client';
import type { CurrentUser } from '@skillquiz/contracts';
import { fetchCurrentUser } from './api/me';
import { loadRemoteModule } from './api/remotes';
import { routes } from './routes';
import { UNAVAILABLE_MESSAGE } from './constants';

jest.mock('./api/me', () => ({ fetchCurrentUser: jest.fn() }));
jest.mock('./api/remotes', () => ({ loadRemoteModule: jest.fn() }));

const me = fetchCurrentUser as jest.MockedFunction<typeof fetchCurrentUser>;
const remote = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;
const admin: CurrentUser = { email: 'admin@skillquiz.local', name: 'Ada Admin', isAdmin: true };

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  me.mockReset();
  remote.mockReset();
  remote.mockRejectedValue(new Error('remote is down'));
  document.cookie = 'CSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});
afterEach(() => jest.restoreAllMocks());

it('/404 shows the not-found page with a way back, titled SkillQuiz', async () => {
  renderAt('/404');
  expect(await screen.findByRole('heading', { name: 'Woah! How did you get here?' })).toBeInTheDocument();
  expect(screen.getByText("This page doesn't exist.")).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to SkillQuiz' })).toHaveAttribute('href', '/');
  expect(document.title).toBe('SkillQuiz');
});

it("'/' (where 'Back to SkillQuiz' leads) shows the landing page with the staff sign-in link", async () => {
  renderAt('/');
  expect(await screen.findByRole('heading', { level: 1, name: 'SkillQuiz' })).toBeInTheDocument();
  expect(screen.getByText(/adaptive skills assessment/)).toHaveTextContent(/link in your invitation email/);
  expect(screen.getByRole('link', { name: 'Staff sign-in' })).toHaveAttribute('href', '/admin');
  expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  expect(document.title).toBe('SkillQuiz');
});

it('any other path shows the error page', async () => {
  renderAt('/no/such/page');
  expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  renderAt('/quizzes');
  expect(await screen.findAllByRole('heading', { name: 'Something went wrong' })).toHaveLength(2);
});

it('admin: renders nothing while /me is pending', async () => {
  let finish: (r: ApiResult<CurrentUser>) => void = () => {};
  me.mockReturnValue(new Promise((r) => (finish = r)));
  const { container } = render(
    <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/admin/atoms'] })} />,
  );
  await new Promise((r) => setTimeout(r, 10));
  // Only the shell's (empty) toast region is on the page: no bar, no page, no remote loading.
  expect(container.querySelector('.admin')).toBeNull();
  expect(container.textContent).toBe('');
  expect(remote).not.toHaveBeenCalled();
  finish({ success: true, data: admin });
  expect(await screen.findByRole('link', { name: 'Atoms' })).toBeInTheDocument();
});

it('admin: a failed /me sends the user to /admin with the login form and the CSRF token', async () => {
  document.cookie = 'CSRF-TOKEN=tok%2Ben123';
  me.mockResolvedValue({ success: false, status: 401, message: 'Bad Request' });
  const router = renderAt('/admin/questions/edit/7');
  const button = await screen.findByRole('button', { name: 'Login with SkillQuiz SSO' });
  expect(router.state.location.pathname).toBe('/admin');
  const form = button.closest('form')!;
  expect(form).toHaveAttribute('method', 'post');
  expect(form).toHaveAttribute('action', '/auth/central');
  expect(form.querySelector('input[type="hidden"][name="authenticity_token"]')).toHaveValue('tok+en123');
  expect(screen.getByText('SkillQuiz')).toBeInTheDocument();
  expect(screen.getByText('Admin')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Logout' })).not.toBeInTheDocument();
  expect(document.title).toBe('SkillQuiz - Dashboard');
});

it('admin: signed in, the bar links to the areas, jobs and Logout, and the login form is hidden', async () => {
  me.mockResolvedValue({ success: true, data: admin });
  renderAt('/admin');
  expect(await screen.findByRole('link', { name: 'Atoms' })).toHaveAttribute('href', '/admin/atoms');
  expect(screen.getByRole('link', { name: 'Questions' })).toHaveAttribute('href', '/admin/questions');
  expect(screen.getByRole('link', { name: 'Candidates' })).toHaveAttribute('href', '/hiring');
  expect(screen.getByRole('link', { name: 'Background jobs' })).toHaveAttribute('href', '/sidekiq');
  expect(screen.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
  expect(screen.queryByRole('button', { name: /Login with/ })).not.toBeInTheDocument();
});

it('a signed-in recruiter sees the dashboard with their company, no content links and no login form', async () => {
  me.mockResolvedValue({
    success: true,
    data: {
      email: 'recruiter@skillquiz.local',
      name: 'Rae Recruiter',
      isAdmin: false,
      role: 'recruiter',
      company: { id: 'c1', name: 'Acme Robotics', slug: 'acme-robotics' },
    },
  });
  renderAt('/admin');
  expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  expect(screen.getByText(/Signed in as Rae Recruiter \(Acme Robotics\)/)).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Atoms' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Background jobs' })).not.toBeInTheDocument();
  // The one area a recruiter may use.
  expect(screen.getByRole('link', { name: 'Candidates' })).toHaveAttribute('href', '/hiring');
  // The company's settings page.
  expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/hiring/settings');
  expect(screen.queryByRole('button', { name: /Login with/ })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Logout' })).toBeInTheDocument();
});

it('admin: an admin remote that does not exist yet shows the unavailable state inside the frame', async () => {
  me.mockResolvedValue({ success: true, data: admin });
  renderAt('/admin/atoms');
  expect(await screen.findByRole('alert')).toHaveTextContent(UNAVAILABLE_MESSAGE);
  expect(screen.getByRole('link', { name: 'Questions' })).toBeInTheDocument();
  expect(remote).toHaveBeenCalledWith(
    'mfe_admin_atoms/AdminAtomsApp',
    expect.objectContaining({ retry: expect.any(Boolean) }),
  );
  await waitFor(() => expect(document.title).toBe('SkillQuiz - Dashboard'));
});

it('/hiring and /hiring/* mount the hiring remote inside the admin frame, with the user, once', async () => {
  me.mockResolvedValue({ success: true, data: admin });
  let mounts = 0;
  const HiringApp = ({ user }: { user?: CurrentUser }) => {
    useEffect(() => {
      mounts += 1;
    }, []);
    return <p>hiring remote for {user?.email}</p>;
  };
  remote.mockImplementation(async (id) => {
    if (id === 'mfe_hiring/HiringApp') return { default: HiringApp };
    throw new Error('down');
  });
  const router = renderAt('/hiring');
  expect(
    await screen.findByText('hiring remote for admin@skillquiz.local', {}, { timeout: 5000 }),
  ).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Candidates' })).toHaveAttribute('aria-current', 'page');
  // The remote's own pages below /hiring: the same mounted remote (its cache and state stay).
  await act(() => router.navigate('/hiring/invitations/abc'));
  expect(screen.getByRole('link', { name: 'Candidates' })).toHaveAttribute('aria-current', 'page');
  // Settings is an area of its own in the bar: there, Candidates is not the current one.
  await act(() => router.navigate('/hiring/settings'));
  expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('link', { name: 'Candidates' })).not.toHaveAttribute('aria-current');
  await act(() => router.navigate('/hiring'));
  expect(screen.getByText('hiring remote for admin@skillquiz.local')).toBeInTheDocument();
  expect(mounts).toBe(1);
}, 20_000);

it('/hiring signed out goes to the login form at /admin', async () => {
  me.mockResolvedValue({ success: false, status: 401, message: 'Bad Request' });
  const router = renderAt('/hiring?status=finished');
  expect(await screen.findByRole('button', { name: 'Login with SkillQuiz SSO' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/admin');
  expect(remote).not.toHaveBeenCalledWith('mfe_hiring/HiringApp', expect.anything());
});

it('/quiz/* mounts the quiz remote and hands it the demo sidebar component', async () => {
  const QuizApp = ({ DemoSidebar }: { DemoSidebar?: unknown }) => (
    <main>
      <p>quiz remote</p>
      <p>{typeof DemoSidebar === 'function' ? 'has sidebar' : 'no sidebar'}</p>
    </main>
  );
  remote.mockImplementation(async (id) => {
    if (id === 'mfe_quiz/QuizApp') return { default: QuizApp };
    throw new Error('down');
  });
  renderAt('/quiz/abc/question/2');
  expect(await screen.findByText('quiz remote')).toBeInTheDocument();
  expect(screen.getByText('has sidebar')).toBeInTheDocument();
});
