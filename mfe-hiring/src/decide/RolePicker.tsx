// The invite form's role: choosing one fills the atoms from it (its required atoms in order, its
// optional ones) and sends the invitation for that role, so its bars apply. Hidden when the company
// has no roles.
import { useId } from 'react';
import type { RoleView } from '@skillquiz/contracts';
import type { InviteAction } from '../model/inviteForm';
import { useRoles } from './useDecide';

export function RolePicker(props: {
  company: string;
  value: string;
  required: readonly string[];
  optional: readonly string[];
  onChange(roleId: string): void;
  dispatch(action: InviteAction): void;
}) {
  const id = useId();
  const roles = useRoles(props.company);
  if (!roles.data || roles.data.roles.length === 0) return null;

  const fill = (role: RoleView) => {
    for (const a of props.required) props.dispatch({ type: 'removeRequired', atom: a });
    for (const a of props.optional) props.dispatch({ type: 'toggleOptional', atom: a, on: false });
    for (const a of role.atoms.filter((x) => x.required))
      props.dispatch({ type: 'addRequired', atom: a.atom_id });
    for (const a of role.atoms.filter((x) => !x.required))
      props.dispatch({ type: 'toggleOptional', atom: a.atom_id, on: true });
  };

  return (
    <div className="hr-field">
      <label htmlFor={`${id}-role`} className="hr-field__label">
        Role
      </label>
      <select
        id={`${id}-role`}
        className="hr-input"
        value={props.value}
        aria-describedby={`${id}-role-hint`}
        onChange={(e) => {
          props.onChange(e.target.value);
          const role = roles.data.roles.find((r) => r.id === e.target.value);
          if (role) fill(role);
        }}
      >
        <option value="">No role</option>
        {roles.data.roles.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </select>
      <p id={`${id}-role-hint`} className="hr-sub">
        Choosing a role fills its atoms; its bars are kept with the invitation.
      </p>
    </div>
  );
}
