// Candidate branding on every page (SPEC §1): company logo and name, a 'powered by' mark, the footer.
import type { ReactNode } from 'react';
import type { QuizResult } from '@skillquiz/contracts';
import { CONSTANTS } from '@skillquiz/contracts/constants';
import { PRIVACY_POLICY_URL, PRODUCT_NAME } from '@skillquiz/contracts/constants';

export function CandidateLayout({
  result,
  children,
}: {
  result: QuizResult | null | undefined;
  children: ReactNode;
}) {
  const company = result?.quiz.company_name ?? null;
  const logo = result?.quiz.company_logo_url ?? null;
  return (
    <div className="sq-page">
      <header className="sq-header">
        <div className="sq-company">
          {logo && (
            <img
              className="sq-company__logo"
              src={logo}
              alt={`Taking a quiz for ${company ?? 'this company'}`}
            />
          )}
          {company && <span className="sq-company__name">{company}</span>}
        </div>
        <div className="sq-powered">
          powered by{' '}
          <span className="sq-powered__brand">
            <span className="sq-powered__mark" aria-hidden="true">
              ◆
            </span>{' '}
            {PRODUCT_NAME}
          </span>
        </div>
      </header>
      <main className="sq-main" id="sq-main">
        {children}
      </main>
      <footer className="sq-footer">
        <span>
          © {CONSTANTS.COPYRIGHT_YEAR} {PRODUCT_NAME}
        </span>
        <a href={PRIVACY_POLICY_URL} target="_blank" rel="noreferrer">
          Privacy Policy
        </a>
      </footer>
    </div>
  );
}
