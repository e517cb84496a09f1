// Invite one candidate: name, email, required atoms (ordered), optional atoms, expiry (default 7
// days), extra time; then the candidate link with a Copy button. Problems are shown beside their
// fields and focus goes to the first one; the server's refusal comes as a toast (the form keeps
// every entry). Once created, focus moves to the result, which says so in words.
import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { ExtraTimePercent, HiringAtom, InvitationResponse } from '@skillquiz/contracts';
import {
  addDays,
  emptyInviteForm,
  EXTRA_TIME_LABELS,
  EXTRA_TIMES,
  INVITE_FIELDS,
  inviteFormReducer,
  isoDay,
  MAX_EXPIRY_DAYS,
  toCreateInput,
  validateInvite,
  type InviteErrors,
  type InviteField,
} from '../model/inviteForm';
import { RolePicker } from '../decide/RolePicker';
import { useCreateInvitation } from '../hooks/useHiring';
import { AtomChooser } from './AtomChooser';
import { CandidateLink } from './CandidateLink';

export interface InviteFormProps {
  atoms: readonly HiringAtom[];
  /** An admin's chosen company (slug); undefined for a recruiter. */
  company: string | undefined;
  /** Inviting is possible (an admin has chosen a company). */
  enabled: boolean;
  companySuffix: string;
}

/** The invitation email's outcome in a word or two (the server's message follows it). */
const EMAIL_OUTCOME: Record<NonNullable<InvitationResponse['email']>['status'], string> = {
  queued: 'Email on its way',
  no_address: 'No email sent',
  not_configured: 'No email sent',
  failed: 'Email not sent',
};

export function InviteForm({ atoms, company, enabled, companySuffix }: InviteFormProps) {
  const id = useId();
  const [today] = useState(() => new Date());
  const [form, dispatch] = useReducer(inviteFormReducer, today, emptyInviteForm);
  const [errors, setErrors] = useState<InviteErrors>({});
  const [created, setCreated] = useState<InvitationResponse | null>(null);
  const [roleId, setRoleId] = useState('');
  const create = useCreateInvitation(company);
  const fields = useRef<Partial<Record<InviteField, HTMLElement | null>>>({});
  const resultHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (created) resultHeading.current?.focus();
  }, [created]);

  // A problem is cleared as soon as the field it names is changed.
  const change = (field: InviteField) => errors[field] && setErrors((e) => ({ ...e, [field]: undefined }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateInvite(form, new Date());
    setErrors(found);
    const first = INVITE_FIELDS.find((f) => found[f]);
    if (first) {
      fields.current[first]?.focus();
      return;
    }
    const input = { ...toCreateInput(form), ...(roleId ? { role_id: roleId } : {}) };
    create.mutate(input, { onSuccess: (r) => setCreated(r) });
  };

  if (created) {
    const who = created.invitation.candidate_name ?? created.invitation.candidate_email;
    return (
      <section className="hr-card hr-created" aria-labelledby={`${id}-created`}>
        <h2 id={`${id}-created`} tabIndex={-1} ref={resultHeading}>
          Invitation created for {who}
        </h2>
        <p>
          Send the candidate this link. It works until{' '}
          {new Date(created.invitation.expires_at!).toLocaleDateString('en-GB', { dateStyle: 'long' })}
          {created.invitation.extra_time_percent > 0 &&
            `, with ${created.invitation.extra_time_percent}% more time per question`}
          .
        </p>
        {created.email && (
          // What happens to the email: anything but 'queued' means the recruiter sends the link.
          <p className={created.email.status === 'queued' ? 'hr-email' : 'hr-email hr-note'}>
            <strong>{EMAIL_OUTCOME[created.email.status]}:</strong> {created.email.message}
          </p>
        )}
        <CandidateLink label="Candidate link" url={created.link} />
        {created.links.length > 1 && (
          <details className="hr-links-more">
            <summary>Each atom’s own link</summary>
            {created.links.map((l) => (
              <CandidateLink
                key={l.atom_id}
                label={`${l.atom_name}${l.required ? '' : ' (optional)'}`}
                url={l.url}
              />
            ))}
          </details>
        )}
        <div className="hr-actions">
          <button
            type="button"
            className="sq-button sq-button--primary"
            onClick={() => {
              dispatch({ type: 'reset' });
              setCreated(null);
              // The form is back: its first field is where the next invitation starts.
              setTimeout(() => fields.current.name?.focus(), 0);
            }}
          >
            Invite another candidate
          </button>
          <Link className="sq-button" to={`/hiring/invitations/${created.invitation.id}${companySuffix}`}>
            View {who}’s report
          </Link>
        </div>
      </section>
    );
  }

  const field = (name: InviteField) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: InviteField) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} className="hr-error">
        {errors[name]}
      </p>
    );
  const minDay = isoDay(today);
  const maxDay = isoDay(addDays(today, MAX_EXPIRY_DAYS));

  return (
    <form className="hr-card hr-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Invite one candidate</h2>
      <div className="hr-field">
        <label htmlFor={`${id}-name`} className="hr-field__label">
          Candidate name
        </label>
        <input
          {...field('name')}
          ref={(el) => void (fields.current.name = el)}
          className="hr-input hr-input--wide"
          type="text"
          autoComplete="off"
          value={form.name}
          onChange={(e) => {
            change('name');
            dispatch({ type: 'set', field: 'name', value: e.target.value });
          }}
        />
        {error('name')}
      </div>
      <div className="hr-field">
        <label htmlFor={`${id}-email`} className="hr-field__label">
          Candidate email
        </label>
        <input
          {...field('email')}
          ref={(el) => void (fields.current.email = el)}
          className="hr-input hr-input--wide"
          type="email"
          autoComplete="off"
          value={form.email}
          onChange={(e) => {
            change('email');
            dispatch({ type: 'set', field: 'email', value: e.target.value });
          }}
        />
        {error('email')}
      </div>

      <RolePicker
        company={company ?? ''}
        value={roleId}
        required={form.required}
        optional={form.optional}
        onChange={setRoleId}
        dispatch={dispatch}
      />
      <AtomChooser
        atoms={atoms}
        required={form.required}
        optional={form.optional}
        dispatch={(action) => {
          if (action.type === 'addRequired') change('required');
          dispatch(action);
        }}
        error={errors.required}
        addRef={(el) => void (fields.current.required = el)}
      />

      <div className="hr-field">
        <label htmlFor={`${id}-expiresOn`} className="hr-field__label">
          Link expires on
        </label>
        <input
          {...field('expiresOn')}
          aria-describedby={[`${id}-expiresOn-hint`, errors.expiresOn && `${id}-expiresOn-error`]
            .filter(Boolean)
            .join(' ')}
          ref={(el) => void (fields.current.expiresOn = el)}
          className="hr-input"
          type="date"
          min={minDay}
          max={maxDay}
          value={form.expiresOn}
          onChange={(e) => {
            change('expiresOn');
            dispatch({ type: 'set', field: 'expiresOn', value: e.target.value });
          }}
        />
        <p id={`${id}-expiresOn-hint`} className="hr-sub">
          The link works until the end of that day (UTC). Default: in 7 days.
        </p>
        {error('expiresOn')}
      </div>

      <fieldset className="hr-fieldset">
        <legend className="hr-field__label">Extra time per question</legend>
        <div className="hr-radios">
          {EXTRA_TIMES.map((p) => (
            <label key={p} className="hr-check">
              <input
                type="radio"
                name={`${id}-extra`}
                value={p}
                checked={form.extraTime === p}
                onChange={() => dispatch({ type: 'extraTime', value: p as ExtraTimePercent })}
              />
              {EXTRA_TIME_LABELS[p]}
            </label>
          ))}
        </div>
        <p className="hr-sub">
          For candidates who need it (for example an agreed accommodation). The candidate sees the longer
          timer and nothing else changes.
        </p>
      </fieldset>

      <div className="hr-actions">
        <button
          type="submit"
          className="sq-button sq-button--primary"
          disabled={!enabled || create.isPending}
        >
          {create.isPending ? 'Creating…' : 'Create invitation'}
        </button>
        {!enabled && <span className="hr-sub">Choose a company above first.</span>}
      </div>
    </form>
  );
}
