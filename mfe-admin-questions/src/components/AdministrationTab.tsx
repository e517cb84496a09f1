// SPEC §2 administration: the Claim select (the claim options plus '+ Create New Claim', which shows
// a text input typed lowercase), 'Administered?', and a checkbox grid of atoms with a Beta badge.
import type { ReactNode } from 'react';
import type { AtomSummary } from '@skillquiz/contracts';
import { SelectField, TextField } from '@skillquiz/admin-ui';
import { CREATE_NEW_CLAIM } from '../model/questionForm';
import { withNone, type Option, type TabProps } from './tabProps';

export function AdministrationTab({
  state,
  dispatch,
  claimOptions,
  atoms,
  review,
}: TabProps & {
  claimOptions: readonly Option[];
  atoms: readonly AtomSummary[];
  /** The review status panel (an existing question only). */
  review?: ReactNode;
}) {
  const f = state.fields;
  const options = [
    ...withNone('No claim', claimOptions, f.claim),
    { value: CREATE_NEW_CLAIM, label: `+ ${CREATE_NEW_CLAIM}` },
  ];
  return (
    <div className="qa-tab">
      <h2 className="qa-tab__title">Administration</h2>
      {review}
      <SelectField
        label="Claim"
        name="claim"
        value={state.creatingClaim ? CREATE_NEW_CLAIM : (f.claim ?? '')}
        options={options}
        onChange={(value) => dispatch({ type: 'claim', value })}
      />
      {state.creatingClaim && (
        <TextField
          label="New claim"
          name="new_claim"
          placeholder="new_claim_name"
          value={state.newClaim}
          hint="Lowercase; spaces become underscores when saved."
          onChange={(text) => dispatch({ type: 'newClaim', text })}
        />
      )}
      <label className="qa-check qa-check--field">
        <input
          type="checkbox"
          checked={f.administered}
          onChange={(e) => dispatch({ type: 'field', field: 'administered', value: e.target.checked })}
        />
        <span>Administered?</span>
      </label>
      <fieldset className="qa-atoms">
        <legend className="qa-atoms__legend">Atoms</legend>
        {atoms.length === 0 && <p className="qa-sub">No atoms to choose from.</p>}
        <div className="qa-atoms__grid">
          {atoms.map((atom) => (
            <label key={atom.id} className="qa-check">
              <input
                type="checkbox"
                checked={f.all_atoms.includes(atom.id)}
                onChange={() => dispatch({ type: 'toggleAtom', atom: atom.id })}
              />
              <span>{atom.name}</span>
              {atom.beta && <span className="sq-badge">Beta</span>}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
