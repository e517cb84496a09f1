// The atoms remote through its exposed app and real routes on the real services (libs/remote-kit
// test-services: seeded, signed in as the content admin): its own API module (httpAtomsApi),
// apiFetch, and the server's validation and versions. Each test's atoms and questions are written
// through the admin API first (@skillquiz/remote-kit/test-bank), so files sharing the services never meet. A
// failure the server cannot be made to give here (a 500, a 400 on the beta ordering) comes from msw
// at the HTTP layer, its body parsed with the contracts' schema so it cannot drift. Toasts show in a
// real container, as the shell's.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import {
  CONSTANTS,
  ErrorResponseSchema,
  type Atom,
  type AtomListResponse,
  type AtomWithQuestionsResponse,
  type Question,
} from '@skillquiz/contracts';
import { setupTestServices } from '@skillquiz/remote-kit/test-services';
import { renderRemoteAt } from '@skillquiz/remote-kit/test-render';
import AdminAtomsApp from './AdminAtomsApp';
import { createAtom, createQuestion, getJson, getQuestion, RUN } from '@skillquiz/remote-kit/test-bank';

const services = setupTestServices();
beforeEach(() => services.as('admin'));
jest.setTimeout(30_000);

const renderAt = (path: string) =>
  renderRemoteAt(path, [
    { path: '/admin/atoms/*', element: <AdminAtomsApp /> },
    { path: '/404', element: <p>not found page</p> },
  ]);

const storedAtom = async (id: string) => (await getJson<AtomWithQuestionsResponse>(`/api/atoms/${id}`)).atom;

/** This run's bank: a beta atom with a beta candidate, an atom with two previews, one to edit. */
let rust: Atom;
let js: Atom;
let awaitQuestion: Question;
let logQuestion: Question;
let germanQuestion: Question;
beforeAll(async () => {
  services.as('admin');
  rust = await createAtom({
    id: `rust-async-${RUN}`,
    name: `Async Rust ${RUN}`,
    beta: true,
    format: 'Coding',
  });
  awaitQuestion = await createQuestion(services, {
    text: `What does \`await\` do inside an \`async fn\` in Rust? (${RUN})`,
    atoms: [rust.id],
  });
  const previews = await createAtom({ id: `js-${RUN}`, name: `JavaScript ${RUN}` });
  logQuestion = await createQuestion(services, {
    text: `What does this code log? (${RUN})`,
    atoms: [previews.id],
  });
  germanQuestion = await createQuestion(services, {
    text: `Welche Methode gibt ein neues Array zurück? (${RUN})`,
    atoms: [previews.id],
    language: 'de',
  });
  const res = await fetch(`/api/atoms/${previews.id}/`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      ...previews,
      beta_question_ordering: [logQuestion.id, germanQuestion.id],
    }),
  });
  expect(res.status).toBe(200);
  js = await storedAtom(previews.id);
});

/** An atom of its own for a test that writes (SQL, as the editor's samples). */
let n = 0;
const sqlAtom = () => createAtom({ id: `sql-${RUN}-${++n}`, name: 'MySQL' });

it('lists every atom, beta ones marked, with an Edit link each', async () => {
  renderAt('/admin/atoms');
  const table = await screen.findByRole('table', { name: 'Atoms' });
  const { atoms } = await getJson<AtomListResponse>('/api/atoms?include_beta=true');
  expect(within(table).getAllByRole('row')).toHaveLength(atoms.length + 1);
  expect(within(table).getByRole('link', { name: `Edit ${rust.name}` })).toHaveAttribute(
    'href',
    `/admin/atoms/edit/${rust.id}`,
  );
  const rustRow = within(table)
    .getByRole('link', { name: `Edit ${rust.name}` })
    .closest('tr')!;
  expect(within(rustRow).getByText('Beta')).toBeInTheDocument();
});

it("a failed load: the 'Error loading atoms' toast with the server's message, and the page says so", async () => {
  services.msw.use(
    http.get(services.url('/api/atoms'), () =>
      HttpResponse.json(ErrorResponseSchema.parse({ success: false, message: 'Internal server error' }), {
        status: 500,
      }),
    ),
  );
  renderAt('/admin/atoms');
  expect(await screen.findByText('Error loading atoms', {}, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.getByText(/The atoms could not be loaded: Internal server error/)).toBeInTheDocument();
});

it("saving an edit: the 'Atom saved' toast, and the server holds the new name", async () => {
  const sql = await sqlAtom();
  renderAt(`/admin/atoms/edit/${sql.id}/general`);
  const name = await screen.findByRole('textbox', { name: 'Name' });
  await userEvent.clear(name);
  await userEvent.type(name, 'SQL and databases');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Atom saved')).toBeInTheDocument();
  expect((await storedAtom(sql.id)).name).toBe('SQL and databases');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
});

it("a stale save: 'Error saving atom' with the server's 409 message, the edit kept", async () => {
  const sql = await sqlAtom();
  renderAt(`/admin/atoms/edit/${sql.id}/general`);
  const name = await screen.findByRole('textbox', { name: 'Name' });
  // Someone else saves meanwhile (the same API, another tab).
  const res = await fetch(`/api/atoms/${sql.id}/`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ ...sql, description: 'theirs' }),
  });
  expect(res.status).toBe(200);
  await userEvent.type(name, ' (mine)');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Error saving atom')).toBeInTheDocument();
  expect(screen.getByText(/was changed by someone else/)).toBeInTheDocument();
  expect(name).toHaveValue('MySQL (mine)');
});

it('beta question previews load one by one, as the candidate sees them', async () => {
  renderAt(`/admin/atoms/edit/${js.id}/beta-questions`);
  const table = await screen.findByRole('table', { name: 'Beta questions in serving order' });
  expect(await within(table).findByText(/What does/)).toBeInTheDocument();
  expect(await within(table).findByText(/Welche Methode/)).toBeInTheDocument();
});

it('the beta picker offers only this atom’s beta candidates, with atoms and language, and adds one with the keyboard', async () => {
  const sql = await sqlAtom();
  await createQuestion(services, {
    text: `Which clause filters groups after \`GROUP BY\`? (${RUN})`,
    atoms: [sql.id],
    administered: true,
  });
  renderAt(`/admin/atoms/edit/${sql.id}/beta-questions`);
  const sqlBox = await screen.findByRole('combobox', { name: 'Add a beta question' });
  // The SQL atom's question is administered: a search for its text offers nothing.
  await userEvent.type(sqlBox, `GROUP BY\`? (${RUN}`);
  expect(await screen.findByText(/No beta candidate matches/)).toBeInTheDocument();
  // The await question is a beta candidate of the Rust atom, not of SQL: never offered here.
  await userEvent.clear(sqlBox);
  await userEvent.type(sqlBox, `async fn\` in Rust? (${RUN}`);
  expect(await screen.findByText(/No beta candidate matches/)).toBeInTheDocument();
  cleanup();
  renderAt(`/admin/atoms/edit/${rust.id}/beta-questions`);
  const box = await screen.findByRole('combobox', { name: 'Add a beta question' });
  await userEvent.type(box, `async fn\` in Rust? (${RUN}`);
  const option = await screen.findByRole('option', { name: new RegExp(`#${awaitQuestion.id}`) });
  expect(option).toHaveAttribute('aria-selected', 'true');
  expect(option).toHaveTextContent(`atoms: ${rust.id}`);
  expect(option).toHaveTextContent('language:');
  await userEvent.keyboard('{Enter}');
  const table = await screen.findByRole('table', { name: 'Beta questions in serving order' });
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent(String(awaitQuestion.id));
  expect(box).toHaveFocus();
  expect(screen.getByText(`Question ${awaitQuestion.id} added at position 1.`)).toBeInTheDocument();
});

it("the server's 400 on the beta ordering is shown on the beta page in words", async () => {
  const message = `beta_question_ordering: question ${awaitQuestion.id} is administered`;
  services.msw.use(
    http.put(services.url(`/api/atoms/${rust.id}/`), () =>
      HttpResponse.json(ErrorResponseSchema.parse({ success: false, message }), { status: 400 }),
    ),
  );
  renderAt(`/admin/atoms/edit/${rust.id}/beta-questions`);
  const box = await screen.findByRole('combobox', { name: 'Add a beta question' });
  await userEvent.type(box, String(awaitQuestion.id));
  await screen.findByRole('option', { name: new RegExp(`#${awaitQuestion.id}`) });
  await userEvent.keyboard('{Enter}');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(
    await screen.findByText(new RegExp(`The beta questions were not saved: ${message}`)),
  ).toBeInTheDocument();
  expect((await storedAtom(rust.id)).beta_question_ordering).toEqual([]);
});

it('SPEC §2: the Question ID box with Add appends the id as an integer; an empty box adds nothing', async () => {
  const sql = await sqlAtom();
  renderAt(`/admin/atoms/edit/${sql.id}/beta-questions`);
  const idBox = await screen.findByRole('textbox', { name: 'Question ID' });
  const add = screen.getByRole('button', { name: 'Add' });
  expect(screen.getByText('No beta questions yet.')).toBeInTheDocument();
  await userEvent.click(add); // empty: nothing added, nothing to save
  expect(screen.getByText('No beta questions yet.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  await userEvent.type(idBox, '  0042 ');
  await userEvent.click(add);
  const table = await screen.findByRole('table', { name: 'Beta questions in serving order' });
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent('42');
  expect(within(table).getAllByRole('row')[1]).not.toHaveTextContent('0042');
  expect(idBox).toHaveValue('');
  await userEvent.type(idBox, '43{Enter}');
  expect(within(table).getAllByRole('row')).toHaveLength(3);
  expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
});

/** The Questions page's fixtures: an atom with one question, and another atom's question to attach. */
async function attachFixtures() {
  const sql = await sqlAtom();
  const own = await createQuestion(services, {
    text: `How many rows does COUNT return? (${RUN})`,
    atoms: [sql.id],
  });
  const other = await createAtom({ id: `python-${RUN}-${++n}`, name: 'Python' });
  const generator = await createQuestion(services, {
    text: `What does the generator yield? (${RUN}-${n})`,
    atoms: [other.id],
  });
  return { sql, own, generator, search: `generator yield? (${RUN}-${n}` };
}

it('the Questions page attaches a question found by text and detaches one', async () => {
  const { sql, own, generator, search } = await attachFixtures();
  renderAt(`/admin/atoms/edit/${sql.id}/questions`);
  const box = await screen.findByRole('combobox', { name: 'Attach a question' });
  await screen.findByRole('link', { name: new RegExp(`^#${own.id}\\b`) });
  await userEvent.type(box, search);
  await screen.findByRole('option', { name: new RegExp(`#${generator.id}`) });
  await userEvent.keyboard('{Enter}');
  expect(await screen.findByRole('link', { name: new RegExp(`^#${generator.id}\\b`) })).toBeInTheDocument();
  expect(screen.getByText(`Question ${generator.id} attached.`)).toBeInTheDocument();
  expect((await getQuestion(generator.id)).all_atoms).toContain(sql.id);
  await userEvent.click(screen.getByRole('button', { name: `Detach question ${own.id}` }));
  await waitFor(() =>
    expect(screen.queryByRole('link', { name: new RegExp(`^#${own.id}\\b`) })).not.toBeInTheDocument(),
  );
  expect(box).toHaveFocus();
  expect((await getQuestion(own.id)).all_atoms).not.toContain(sql.id);
});

it('the Questions page shows a big bank a page at a time, with Previous and Next', async () => {
  const atom = await createAtom({ id: `paged-${RUN}`, name: 'Paged' });
  const size = CONSTANTS.ATOM_QUESTIONS_PAGE_SIZE;
  const made: number[] = [];
  for (let i = 0; i < size + 3; i++)
    made.push((await createQuestion(services, { text: `paged ${RUN} ${i}`, atoms: [atom.id] })).id);
  made.sort((a, b) => a - b);
  renderAt(`/admin/atoms/edit/${atom.id}/questions`);
  expect(await screen.findByText(`Questions 1–${size} of ${size + 3}`)).toBeInTheDocument();
  const shownIds = () =>
    screen
      .getAllByRole('link')
      .map((a) => Number(/^#(\d+)/.exec(a.textContent ?? '')?.[1]))
      .filter((n) => made.includes(n));
  expect(shownIds()).toEqual(made.slice(0, size));
  const pages = screen.getByRole('navigation', { name: 'Pages of questions' });
  expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
  await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
  expect(await screen.findByText(`Questions ${size + 1}–${size + 3} of ${size + 3}`)).toBeInTheDocument();
  await waitFor(() => expect(shownIds()).toEqual(made.slice(size)));
  expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
  // The requests asked for the second page only when it was wanted.
  expect(
    services.requests.filter((r) => new URL(r.url).search === '?questions_page=2').length,
  ).toBeGreaterThan(0);
});

it('a stale attach is refused in words on the page', async () => {
  const { sql, generator, search } = await attachFixtures();
  renderAt(`/admin/atoms/edit/${sql.id}/questions`);
  const box = await screen.findByRole('combobox', { name: 'Attach a question' });
  await userEvent.type(box, search);
  await screen.findByRole('option', { name: new RegExp(`#${generator.id}`) });
  // Someone else edits the question meanwhile: the page's version of it is stale (a real 409).
  const res = await fetch(`/api/question/${generator.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      question_text: btoa('What does the generator yield? (theirs)'),
      answers: [
        { text: btoa('right'), c: true },
        { text: btoa('wrong'), c: false },
      ],
      all_atoms: generator.all_atoms,
      version: generator.version,
    }),
  });
  expect(res.status).toBe(200);
  await userEvent.keyboard('{Enter}');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    `Question ${generator.id} was changed by someone else`,
  );
  expect((await getQuestion(generator.id)).all_atoms).not.toContain(sql.id);
});

it('the History page lists versions with what changed and restores one as a new version', async () => {
  const sql = await sqlAtom();
  const v = sql.version!;
  renderAt(`/admin/atoms/edit/${sql.id}/general`);
  const name = await screen.findByRole('textbox', { name: 'Name' });
  await userEvent.type(name, ' basics');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Atom saved')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'History' }));
  const list = await screen.findByRole('heading', { name: new RegExp(`^Version ${v + 1}`) });
  expect(list.closest('li')).toHaveTextContent('name: MySQL → MySQL basics');
  // Someone else saves meanwhile: the restore is refused in words and nothing changes.
  const theirs = await fetch(`/api/atoms/${sql.id}/`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ ...(await storedAtom(sql.id)), description: 'theirs' }),
  });
  expect(theirs.status).toBe(200);
  await userEvent.click(screen.getByRole('button', { name: `Restore version ${v}` }));
  expect(
    await screen.findByText(new RegExp(`^Not restored: The atom '${sql.id}' was changed by someone else`)),
  ).toBeInTheDocument();
  expect((await storedAtom(sql.id)).name).toBe('MySQL basics');
  // Reloaded (the History page's own refresh), the restore goes through as a new version.
  cleanup();
  renderAt(`/admin/atoms/edit/${sql.id}/history`);
  await userEvent.click(await screen.findByRole('button', { name: `Restore version ${v}` }));
  expect(await screen.findByText(`Version ${v} restored as version ${v + 3}.`)).toBeInTheDocument();
  expect((await storedAtom(sql.id)).name).toBe('MySQL');
  await userEvent.click(screen.getByRole('link', { name: 'General' }));
  expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('MySQL');
});
