// The invite page's test catalogue: every atom a candidate can be invited to take, with what the
// content team wrote for companies (the description, what each of the five levels means), how many
// questions it asks and how long it can take at most, and whether it is in beta. Only what can be
// taken is listed (the server leaves out content still in review); no question is ever shown here,
// so the bank stays unknown to candidates' future employers and to candidates coached by them.
import { useId } from 'react';
import type { CatalogueAtom } from '@skillquiz/contracts';
import { useCatalogue } from '../hooks/useAfterCreate';

function CatalogueEntry({ atom }: { atom: CatalogueAtom }) {
  const id = useId();
  const minutes = `${atom.estimated_minutes} minute${atom.estimated_minutes === 1 ? '' : 's'}`;
  return (
    <li className="hr-catalogue__item">
      <article aria-labelledby={`${id}-name`}>
        <h3 id={`${id}-name`} className="hr-catalogue__name">
          {atom.name}
          {atom.beta && (
            <span className="hr-label" title="New content: its levels rest on fewer candidates so far">
              Beta
            </span>
          )}
        </h3>
        <p>{atom.client_description || 'No description yet.'}</p>
        <p className="hr-sub">
          {atom.num_questions} questions · up to {minutes} ({Math.round(atom.seconds_per_question)} s per
          question at most)
        </p>
        <details>
          <summary>What each level means</summary>
          <dl className="hr-catalogue__levels">
            {atom.level_descriptions.map((text, i) => (
              <div key={i}>
                <dt>Level {i + 1}</dt>
                <dd>{text || 'Not described yet.'}</dd>
              </div>
            ))}
          </dl>
        </details>
      </article>
    </li>
  );
}

export function TestCatalogue() {
  const catalogue = useCatalogue();
  if (catalogue.fetchStatus === 'idle' && catalogue.isPending) return null; // a backend without the call
  return (
    <section className="hr-card hr-catalogue" aria-labelledby="hr-catalogue-heading">
      <h2 id="hr-catalogue-heading">Test catalogue</h2>
      <p className="hr-sub">
        The tests you can invite candidates to take. The time is the longest a test can take: its questions
        times the time limit of each. Questions are never shown outside the quiz, so that they stay unknown to
        candidates.
      </p>
      {catalogue.isPending && <p role="status">Loading the catalogue…</p>}
      {catalogue.isError && <p className="hr-error">The catalogue could not be loaded: reload the page.</p>}
      {catalogue.data && catalogue.data.atoms.length === 0 && (
        <p className="hr-empty">No test can be taken yet.</p>
      )}
      {catalogue.data && catalogue.data.atoms.length > 0 && (
        <ul className="hr-catalogue__list">
          {catalogue.data.atoms.map((a) => (
            <CatalogueEntry key={a.id} atom={a} />
          ))}
        </ul>
      )}
    </section>
  );
}
