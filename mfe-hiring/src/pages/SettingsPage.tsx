// /hiring/settings: the company's settings. Whether this server emails candidates (a
// visible note when it does not), and the result webhook: its URL, the signing secret (copy,
// rotate), how a receiver checks the signature, a test event, and every delivery attempt; the
// candidates' contact, and the company's pipeline stages. A
// recruiter sees their own company's; an admin first chooses one (?company=<slug>, kept in links).
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CompanySwitcher } from '../components/CompanySwitcher';
import { ContactSettingsForm } from '../components/ContactSettingsForm';
import { StagesSettingsForm } from '../components/StagesSettingsForm';
import { WebhookAttempts } from '../components/WebhookAttempts';
import { WebhookForm } from '../components/WebhookForm';
import { companySuffix } from '../model/listQuery';
import { useMe, useSettings, useTitle } from '../hooks/useHiring';

export function SettingsPage() {
  useTitle('Settings');
  const [params, setParams] = useSearchParams();
  const me = useMe();
  const isAdmin = me.data?.role === 'admin';
  // '' : a recruiter's own company (the server knows it); an admin's choice otherwise.
  const company = isAdmin ? (params.get('company') ?? '') : '';
  const ready = Boolean(me.data) && (!isAdmin || company !== '');
  const settings = useSettings(company, ready);
  const data = settings.data;
  const [conflict, setConflict] = useState('');

  return (
    <section className="hr-page" aria-labelledby="hr-settings-heading">
      <nav aria-label="Breadcrumb" className="hr-breadcrumb">
        <Link to={`/hiring${companySuffix(company)}`}>Candidates</Link> <span aria-hidden="true">›</span>{' '}
        Settings
      </nav>
      <h1 id="hr-settings-heading">Settings{data ? ` for ${data.company.name}` : ''}</h1>
      {isAdmin && me.data && (
        <CompanySwitcher
          companies={me.data.companies}
          value={company}
          onChange={(slug) => {
            setConflict('');
            setParams(slug ? { company: slug } : {}, { replace: true });
          }}
          allowAll={false}
        />
      )}
      {isAdmin && !company && <p className="hr-empty">Choose a company to see its settings.</p>}
      {ready && settings.isPending && <p role="status">Loading settings…</p>}
      {settings.isError && !data && (
        <div className="hr-empty" role="alert">
          <p>The settings could not be loaded: {settings.error.message}</p>
          <button type="button" className="sq-button" onClick={() => void settings.refetch()}>
            Try again
          </button>
        </div>
      )}
      {data && (
        <>
          <section className="hr-card" aria-labelledby="hr-email-heading">
            <h2 id="hr-email-heading">Invitation email</h2>
            {/* Without email, recruiters must know to send the link themselves: a note, not a footnote. */}
            <p className={data.email.enabled ? undefined : 'hr-note'}>{data.email.message}</p>
          </section>
          {/* Another company is a fresh form: nothing typed for one is saved for another. */}
          <WebhookForm
            key={company}
            company={company}
            settings={data}
            conflict={conflict}
            onConflict={setConflict}
          />
          <WebhookAttempts key={company} company={company} />
          <ContactSettingsForm key={`contact-${company}`} company={company} />
          <StagesSettingsForm key={`stages-${company}`} company={company} />
        </>
      )}
    </section>
  );
}
