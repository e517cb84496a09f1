// Review before live and history in the questions remote, through its exposed app and real routes on
// the real services (signed in as the content admin; a second admin writes what "someone else"
// wrote): the status column and filter, the twins flag (the server's own twin finder), the review
// status control (another admin than the last editor marks ready; the last editor is refused in
// words) and the History tab with revert (a stale version is refused and nothing changes). Each
// test's questions are written through the admin API first (@skillquiz/remote-kit/test-bank). The
// statistics tab's answers, which the services give only after hundreds of them, come from msw
// (src/testing/statistics.ts, typed by the contracts).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { encodeQuestionPayload } from '@skillquiz/contracts/questions';
import type { Question } from '@skillquiz/contracts';
import { createAtom, createQuestion, getQuestion, RUN } from '@skillquiz/remote-kit/test-bank';
import { setupTestServices } from '@skillquiz/remote-kit/test-services';
import { renderRemoteAt } from '@skillquiz/remote-kit/test-render';
import AdminQuestionsApp from './AdminQuestionsApp';
import { analytics } from './testing/statistics';

const services = setupTestServices();
beforeEach(() => services.as('admin'));
jest.setTimeout(30_000);

const renderAt = (path: string) =>
  renderRemoteAt(path, [{ path: '/admin/questions/*', element: <AdminQuestionsApp /> }]);

const rowOf = (id: number) => screen.getByRole('link', { name: `Edit question ${id}` }).closest('tr')!;

/** A question rewritten through the editor's API as `role` (someone else's edit). */
async function rewrite(q: Question, text: string, role: 'admin' | 'second-admin' = 'second-admin') {
  services.as(role);
  try {
    const res = await fetch(`/api/question/${q.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(
        encodeQuestionPayload({
          question_text: text,
          code_block: q.code_block,
          answers: q.answers.map(({ text: t, c }) => ({ text: t, c })),
          all_atoms: q.all_atoms,
          version: q.version,
        }),
      ),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { question: Question }).question;
  } finally {
    services.as('admin');
  }
}

const LOOP = ['for (var i = 0; i < 3; i++) {', '  setTimeout(() => console.log(i), 0);', '}'].join('\n');

/** This run's atom: a ready question, its draft twin (`let` for `var`), one question in review, another. */
const atom = `review-${RUN}`;
let ready: Question;
let twin: Question;
let inReview: Question;
let other: Question;
beforeAll(async () => {
  services.as('admin');
  await createAtom({ id: atom, name: `Review ${RUN}` });
  const log = `What does this code log? (${RUN})`;
  ready = await createQuestion(services, { text: log, code: LOOP, atoms: [atom], administered: true });
  twin = await createQuestion(services, { text: log, code: LOOP.replace('var', 'let'), atoms: [atom] });
  other = await createQuestion(services, {
    text: `In which order are the lines printed when a promise and a timeout race? (${RUN})`,
    code: "console.log('A');\nPromise.resolve().then(() => console.log('C'));",
    atoms: [atom],
    administered: true,
  });
  inReview = await createQuestion(services, {
    text: `Welche Methode gibt ein neues Array zurück? (${RUN})`,
    atoms: [atom],
    status: 'in_review',
  });
});

describe('questions list', () => {
  it('shows each question’s status and filters by it (draft or in review includes the non-administered)', async () => {
    const { router } = renderAt(`/admin/questions?atom=${atom}`);
    expect(await screen.findByText('2 questions, page 1 of 1')).toBeInTheDocument();
    expect(within(rowOf(ready.id)).getByText('Ready')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'In review');
    expect(await screen.findByText('1 question, page 1 of 1')).toBeInTheDocument();
    expect(within(rowOf(inReview.id)).getByText('In review')).toBeInTheDocument();
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('status')).toBe('in_review');
    expect(params.get('includeNonAdministered')).toBe('true');
  });

  it('flags likely twins within the chosen atom, both ways round, with a link to the other question', async () => {
    renderAt(`/admin/questions?atom=${atom}&includeNonAdministered=true`);
    expect(await screen.findByText(/1 likely twin pair in this atom/)).toBeInTheDocument();
    expect(
      within(rowOf(ready.id)).getByRole('link', { name: `Likely twin: question ${twin.id}` }),
    ).toBeInTheDocument();
    expect(
      within(rowOf(twin.id)).getByRole('link', { name: `Likely twin: question ${ready.id}` }),
    ).toBeInTheDocument();
    expect(within(rowOf(other.id)).queryByRole('link', { name: /Likely twin/ })).not.toBeInTheDocument();
  });

  it('shows no twins column without an atom (twins are measured within one atom)', async () => {
    renderAt('/admin/questions');
    await screen.findByText(/^\d+ questions?, page 1 of \d+$/);
    expect(screen.queryByRole('columnheader', { name: 'Twins' })).not.toBeInTheDocument();
  });
});

describe('review status', () => {
  it('a draft goes to review, and another admin than its last editor marks it ready', async () => {
    const draft = await createQuestion(
      services,
      { text: `A draft to review (${RUN})`, atoms: [atom] },
      'admin',
    );
    const theirs = await rewrite(draft, `A draft someone else wrote (${RUN})`);
    renderAt(`/admin/questions/edit/${draft.id}/?page=administration`);
    const panel = await screen.findByRole('region', { name: /Review status/ });
    expect(within(panel).getByText('Draft')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Submit for review' }));
    expect(await within(panel).findByText('Status changed to In review.')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark ready' }));
    expect(await within(panel).findByText('Status changed to Ready.')).toBeInTheDocument();
    expect(await getQuestion(draft.id)).toMatchObject({ status: 'ready', version: theirs.version! + 2 });
  });

  it('the last editor is refused in words, and nothing changes', async () => {
    renderAt(`/admin/questions/edit/${inReview.id}/?page=administration`);
    const panel = await screen.findByRole('region', { name: /Review status/ });
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark ready' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      /Status not changed: .*cannot be moved to ready by its last editor \(admin@skillquiz\.local\)/,
    );
    expect(await getQuestion(inReview.id)).toMatchObject({ status: 'in_review', version: inReview.version });
  });

  it('waits for unsaved edits to be saved', async () => {
    renderAt(`/admin/questions/edit/${twin.id}/?page=administration`);
    const panel = await screen.findByRole('region', { name: /Review status/ });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Administered?' }));
    expect(within(panel).getByRole('button', { name: 'Submit for review' })).toBeDisabled();
    expect(within(panel).getByText(/Save your edits first/)).toBeInTheDocument();
  });
});

describe('History tab', () => {
  /** A question created by the second admin with a first wording, then edited by them. */
  async function withHistory() {
    const text = `Which method returns a new array with only the items kept? (${RUN})`;
    const first = await createQuestion(services, { text: `${text} (first wording)`, atoms: [atom] }, 'admin');
    return rewrite(first, text);
  }

  it('lists the versions with what changed, and restoring one makes a new version', async () => {
    const q = await withHistory();
    const v = q.version!;
    renderAt(`/admin/questions/edit/${q.id}/?page=history`);
    expect(await screen.findByRole('heading', { name: new RegExp(`Version ${v}`) })).toBeInTheDocument();
    const first = screen.getByRole('heading', { name: `Version ${v - 1}` }).closest('li')!;
    expect(first).toHaveTextContent('Created by admin@skillquiz.local');
    await userEvent.click(within(first).getByRole('button', { name: `Restore version ${v - 1}` }));
    expect(await screen.findByText(`Version ${v - 1} restored as version ${v + 1}.`)).toBeInTheDocument();
    expect((await getQuestion(q.id)).question_text).toMatch(/\(first wording\)$/);
    // The new version heads the list, saying what it restored and what changed.
    const newest = (await screen.findByRole('heading', { name: new RegExp(`Version ${v + 1}`) })).closest(
      'li',
    )!;
    expect(newest).toHaveTextContent(`Restored version ${v - 1} by admin@skillquiz.local`);
    expect(newest).toHaveTextContent(/question_text: .*→ .*\(first wording\)/);
    // The form took the restored content: the content tab shows it, with nothing unsaved.
    await userEvent.click(screen.getByRole('link', { name: 'Content' }));
    expect(screen.getByRole('textbox', { name: 'Question text' })).toHaveValue(
      (await getQuestion(q.id)).question_text,
    );
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('a restore over a version someone else changed meanwhile is refused (409) and nothing changes', async () => {
    const q = await withHistory();
    renderAt(`/admin/questions/edit/${q.id}/?page=history`);
    const first = (await screen.findByRole('heading', { name: `Version ${q.version! - 1}` })).closest('li')!;
    const stored = await rewrite(q, `${q.question_text} (theirs)`); // another admin saved meanwhile
    await userEvent.click(within(first).getByRole('button', { name: `Restore version ${q.version! - 1}` }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Not restored: .*changed by someone else/);
    const now = await getQuestion(q.id);
    expect(now.question_text).not.toMatch(/first wording/);
    expect(now.version).toBe(stored.version);
  });
});

describe('Statistics tab: calibration you can trust', () => {
  const stub = (q: Question, real: number, demo: number) =>
    services.msw.use(
      http.get(services.url(`/api/questions/${q.id}/statistics`), () =>
        HttpResponse.json(analytics(q, real, demo)),
      ),
    );

  it('counts real and simulated answers apart, quotes the rules and offers apply when the verdict allows', async () => {
    stub(ready, 103, 309);
    renderAt(`/admin/questions/edit/${ready.id}/?page=statistics`);
    const tab = await screen.findByRole('region', { name: 'Statistics' });
    expect(tab).toHaveTextContent('Answers: 103 from real candidates, 309 from simulated demo candidates.');
    expect(tab).toHaveTextContent(/From 103 real answers\. 95% interval: a ± 0\.22, d ± 0\.18\./);
    expect(tab).toHaveTextContent(/at least 100 real answers .* both standard errors are at most 0\.2/);
    expect(within(tab).getByRole('button', { name: 'Apply calibration' })).toBeEnabled();
  });

  it('mostly simulated answers: apply is disabled, with the reasons; the simulated calibration is shown apart', async () => {
    stub(other, 40, 348);
    renderAt(`/admin/questions/edit/${other.id}/?page=statistics`);
    const tab = await screen.findByRole('region', { name: 'Statistics' });
    const button = within(tab).getByRole('button', { name: 'Apply calibration' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      /Apply is not offered: 40 real answers; at least 100 are needed/,
    );
    expect(tab).toHaveTextContent(/the 95% interval is too wide/);
    expect(tab).toHaveTextContent(/On the 348 simulated answers alone: a 1\.100/);
    expect(tab).toHaveTextContent('simulated answers never feed an applied calibration outside demo data');
  });
});
