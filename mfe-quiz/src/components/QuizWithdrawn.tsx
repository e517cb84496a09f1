// Beside the SPEC's quiz expired screen: the company withdrew (revoked) this invitation, which is
// neither the quiz timing out nor the candidate abandoning it, so the candidate is told who withdrew
// it and whom to write to (the company's contact address, else its support address). The expired
// screen stays for quizzes that expired or were abandoned.
import type { Withdrawn } from '@skillquiz/contracts';
import { supportEmailOf } from '../config';
import { useQuiz } from '../hooks/useQuiz';

export function QuizWithdrawn({ withdrawn }: { withdrawn: Withdrawn }) {
  const fallback = supportEmailOf(useQuiz().result);
  const company = withdrawn.company_name ?? 'The company';
  const contact = withdrawn.contact_email ?? fallback;
  return (
    <section className="sq-card" aria-labelledby="sq-withdrawn-title">
      <h1 id="sq-withdrawn-title" className="sq-title">
        {company} withdrew this invitation.
      </h1>
      <p>
        This quiz can no longer be taken. Nothing you did caused this, and nothing more is needed from you.
      </p>
      <p>
        If you have questions about your application, please contact {company} at{' '}
        <a href={`mailto:${contact}`}>{contact}</a>.
      </p>
    </section>
  );
}
