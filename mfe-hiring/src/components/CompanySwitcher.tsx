// The admins' company switcher (recruiters have one company and never see it): which company's
// candidates the pages show, kept in the URL as ?company=<slug> so links and reloads keep it.
import { useId } from 'react';
import type { CompanyRef } from '@skillquiz/contracts';

export interface CompanySwitcherProps {
  companies: readonly CompanyRef[];
  /** The chosen company's slug, '' for none. */
  value: string;
  onChange(slug: string): void;
  /** The list may show every company at once; inviting needs one. */
  allowAll: boolean;
}

export function CompanySwitcher({ companies, value, onChange, allowAll }: CompanySwitcherProps) {
  const id = useId();
  return (
    <div className="hr-field hr-company">
      <label htmlFor={id} className="hr-field__label">
        Company
      </label>
      <select id={id} className="hr-input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{allowAll ? 'All companies' : 'Choose a company'}</option>
        {companies.map((c) => (
          <option key={c.id} value={c.slug}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
