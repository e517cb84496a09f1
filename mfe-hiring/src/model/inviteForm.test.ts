import {
  emptyInviteForm,
  inviteFormReducer,
  toCreateInput,
  validateInvite,
  type InviteAction,
  type InviteForm,
} from './inviteForm';

const today = new Date(2030, 4, 6); // 6 May 2030, local time
const apply = (form: InviteForm, ...actions: InviteAction[]) => actions.reduce(inviteFormReducer, form);

it('starts empty, expiring in 7 days, with no extra time', () => {
  expect(emptyInviteForm(today)).toEqual({
    name: '',
    email: '',
    required: [],
    optional: [],
    expiresOn: '2030-05-13',
    extraTime: 0,
  });
});

it('keeps the required atoms in order: add, move up and down, remove; never twice, never both kinds', () => {
  let f = apply(
    emptyInviteForm(today),
    { type: 'toggleOptional', atom: 'sql', on: true },
    { type: 'addRequired', atom: 'javascript' },
    { type: 'addRequired', atom: 'python' },
    { type: 'addRequired', atom: 'sql' },
    { type: 'addRequired', atom: 'python' },
  );
  expect(f.required).toEqual(['javascript', 'python', 'sql']);
  expect(f.optional).toEqual([]); // sql became required
  f = apply(f, { type: 'moveRequired', atom: 'sql', by: -1 });
  expect(f.required).toEqual(['javascript', 'sql', 'python']);
  expect(apply(f, { type: 'moveRequired', atom: 'javascript', by: -1 })).toBe(f); // already first
  expect(apply(f, { type: 'moveRequired', atom: 'python', by: 1 })).toBe(f); // already last
  f = apply(
    f,
    { type: 'removeRequired', atom: 'javascript' },
    { type: 'toggleOptional', atom: 'javascript', on: true },
  );
  expect(f).toMatchObject({ required: ['sql', 'python'], optional: ['javascript'] });
  expect(apply(f, { type: 'toggleOptional', atom: 'sql', on: true }).optional).toEqual(['javascript']);
  expect(apply(f, { type: 'toggleOptional', atom: 'javascript', on: false }).optional).toEqual([]);
});

it('says what is missing or wrong, per field', () => {
  expect(validateInvite(emptyInviteForm(today), today)).toEqual({
    name: 'Enter the candidate’s name.',
    email: 'Enter the candidate’s email address.',
    required: 'Add at least one required atom.',
  });
  const filled = apply(
    emptyInviteForm(today),
    { type: 'set', field: 'name', value: 'Ada' },
    { type: 'set', field: 'email', value: 'ada at example' },
    { type: 'addRequired', atom: 'sql' },
  );
  expect(validateInvite(filled, today)).toEqual({ email: 'Enter an email address like name@example.com.' });
  const dated = (expiresOn: string) =>
    validateInvite({ ...filled, email: 'ada@example.com', expiresOn }, today).expiresOn;
  expect(dated('2030-05-06')).toBeUndefined(); // today: until the end of the day
  expect(dated('2030-05-05')).toBe('The expiry date cannot be in the past.');
  expect(dated('2031-05-06')).toBeUndefined(); // 365 days
  expect(dated('2031-05-07')).toBe('The expiry date can be at most 365 days away.');
  expect(dated('')).toBe('Choose the date the link expires.');
});

it('becomes the API payload, trimmed; a reset keeps the atoms and settings for the next candidate', () => {
  const f = apply(
    emptyInviteForm(today),
    { type: 'set', field: 'name', value: ' Ada Lovelace ' },
    { type: 'set', field: 'email', value: ' ada@example.com' },
    { type: 'addRequired', atom: 'javascript' },
    { type: 'toggleOptional', atom: 'sql', on: true },
    { type: 'extraTime', value: 50 },
  );
  expect(toCreateInput(f)).toEqual({
    candidate_name: 'Ada Lovelace',
    candidate_email: 'ada@example.com',
    required_atoms: ['javascript'],
    optional_atoms: ['sql'],
    expires_at: '2030-05-13',
    extra_time_percent: 50,
  });
  expect(apply(f, { type: 'reset' })).toEqual({ ...f, name: '', email: '' });
});
