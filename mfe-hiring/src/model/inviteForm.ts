// The invite form as pure functions: its state, the changes a person makes (required atoms in
// order, optional ones, expiry, extra time), what is wrong with it, and the API payload it becomes.
import type { ExtraTimePercent, InvitationCreate } from '@skillquiz/contracts';

/** The server's defaults and limits (libs/contracts HIRING), kept here so zod stays out of the bundle. */
export const DEFAULT_EXPIRY_DAYS = 7;
export const MAX_EXPIRY_DAYS = 365;

export const EXTRA_TIME_LABELS: Record<ExtraTimePercent, string> = {
  0: 'None',
  25: '+25%',
  50: '+50%',
  100: '+100%',
};
export const EXTRA_TIMES = Object.keys(EXTRA_TIME_LABELS).map(Number) as ExtraTimePercent[];

export interface InviteForm {
  name: string;
  email: string;
  /** Atom slugs in the order the candidate takes them. */
  required: string[];
  /** Atom slugs the candidate may take afterwards. */
  optional: string[];
  /** YYYY-MM-DD: the link works until the end of that day (UTC). */
  expiresOn: string;
  extraTime: ExtraTimePercent;
}

export type InviteField = 'name' | 'email' | 'required' | 'expiresOn';
export type InviteErrors = Partial<Record<InviteField, string>>;

export type InviteAction =
  | { type: 'set'; field: 'name' | 'email' | 'expiresOn'; value: string }
  | { type: 'extraTime'; value: ExtraTimePercent }
  | { type: 'addRequired'; atom: string }
  | { type: 'removeRequired'; atom: string }
  | { type: 'moveRequired'; atom: string; by: -1 | 1 }
  | { type: 'toggleOptional'; atom: string; on: boolean }
  | { type: 'reset' };

/** A local date as YYYY-MM-DD (what `<input type="date">` holds). */
export function isoDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function addDays(d: Date, days: number): Date {
  const copy = new Date(d);
  copy.setDate(copy.getDate() + days);
  return copy;
}

export function emptyInviteForm(today: Date): InviteForm {
  return {
    name: '',
    email: '',
    required: [],
    optional: [],
    expiresOn: isoDay(addDays(today, DEFAULT_EXPIRY_DAYS)),
    extraTime: 0,
  };
}

export function inviteFormReducer(form: InviteForm, action: InviteAction): InviteForm {
  switch (action.type) {
    case 'set':
      return { ...form, [action.field]: action.value };
    case 'extraTime':
      return { ...form, extraTime: action.value };
    case 'addRequired':
      if (!action.atom || form.required.includes(action.atom)) return form;
      // An atom is required or optional, never both.
      return {
        ...form,
        required: [...form.required, action.atom],
        optional: form.optional.filter((a) => a !== action.atom),
      };
    case 'removeRequired':
      return { ...form, required: form.required.filter((a) => a !== action.atom) };
    case 'moveRequired': {
      const from = form.required.indexOf(action.atom);
      const to = from + action.by;
      if (from < 0 || to < 0 || to >= form.required.length) return form;
      const required = [...form.required];
      [required[from], required[to]] = [required[to], required[from]];
      return { ...form, required };
    }
    case 'toggleOptional': {
      if (form.required.includes(action.atom)) return form;
      const others = form.optional.filter((a) => a !== action.atom);
      return { ...form, optional: action.on ? [...others, action.atom] : others };
    }
    case 'reset':
      // A new invitation keeps the settings a recruiter usually repeats (atoms, expiry, extra time).
      return { ...form, name: '', email: '' };
  }
}

// The same test the browser's type="email" makes: something@something, no spaces.
const EMAIL_RE = /^[^\s@]+@[^\s@]+$/;

/** What is wrong with the form, per field ({} when it can be sent). The server checks again. */
export function validateInvite(form: InviteForm, today: Date): InviteErrors {
  const errors: InviteErrors = {};
  if (!form.name.trim()) errors.name = 'Enter the candidate’s name.';
  if (!form.email.trim()) errors.email = 'Enter the candidate’s email address.';
  else if (!EMAIL_RE.test(form.email.trim())) errors.email = 'Enter an email address like name@example.com.';
  if (form.required.length === 0) errors.required = 'Add at least one required atom.';
  const first = isoDay(today);
  const last = isoDay(addDays(today, MAX_EXPIRY_DAYS));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.expiresOn)) errors.expiresOn = 'Choose the date the link expires.';
  else if (form.expiresOn < first) errors.expiresOn = 'The expiry date cannot be in the past.';
  else if (form.expiresOn > last)
    errors.expiresOn = `The expiry date can be at most ${MAX_EXPIRY_DAYS} days away.`;
  return errors;
}

/** The fields in the order they appear, so focus goes to the first one with a problem. */
export const INVITE_FIELDS: readonly InviteField[] = ['name', 'email', 'required', 'expiresOn'];

export function toCreateInput(form: InviteForm): InvitationCreate {
  return {
    candidate_name: form.name.trim(),
    candidate_email: form.email.trim(),
    required_atoms: form.required,
    optional_atoms: form.optional,
    expires_at: form.expiresOn,
    extra_time_percent: form.extraTime,
  };
}
