// The standalone dev page (`npm run dev -w mfe-quiz`, http://localhost:3101/): the candidate app on the
// real services (started by the dev server, seeded, on a temporary data directory; libs/webpack-config
// proxies /api to them), at /quiz/* as the shell mounts it. Each load invites two candidates of Acme
// Robotics through the real hiring API (the proxy signs that in as its recruiter): one quiz to take,
// one revoked (the expired screen). The log queue and integrity tracking run for real.
import type { InvitationResponse } from '@skillquiz/contracts';
import { mountDevPage } from '@skillquiz/remote-kit/dev';
import QuizApp from '../src/QuizApp';

async function invite(name: string): Promise<InvitationResponse> {
  const res = await fetch('/api/hiring/invitations', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      candidate_name: name,
      candidate_email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
      required_atoms: ['javascript'],
      optional_atoms: ['python'],
    }),
  });
  if (!res.ok) throw new Error(`inviting a dev candidate: ${res.status} ${await res.text()}`);
  return (await res.json()) as InvitationResponse;
}

const tokenOf = (r: InvitationResponse) => new URL(r.link).pathname.split('/').filter(Boolean).at(-1)!;

void (async () => {
  const fresh = await invite('Dev Candidate');
  const revoked = await invite('Revoked Candidate');
  await fetch(`/api/hiring/invitations/${revoked.invitation.id}/revoke`, { method: 'POST' });
  mountDevPage({
    remote: 'mfe-quiz',
    backend: 'services',
    description:
      'The candidate remote on the real services: welcome, question, resume, done and expired screens of real quizzes.',
    layout: 'page',
    routes: [{ path: 'quiz/*', element: <QuizApp /> }],
    pages: [
      { label: 'Welcome (new quiz)', to: `/quiz/${tokenOf(fresh)}` },
      { label: 'Question 1 (starts it)', to: `/quiz/${tokenOf(fresh)}/question/1` },
      { label: 'Resume', to: `/quiz/${tokenOf(fresh)}/resume` },
      { label: 'Expired (revoked)', to: `/quiz/${tokenOf(revoked)}` },
    ],
  });
})();
