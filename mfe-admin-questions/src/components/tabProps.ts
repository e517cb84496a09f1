import type { Dispatch } from 'react';
import type { QuestionFormAction, QuestionFormState } from '../model/questionForm';

export interface TabProps {
  state: QuestionFormState;
  dispatch: Dispatch<QuestionFormAction>;
}

export interface Option {
  value: string;
  label: string;
}

/** A select's options with a leading "none" entry; a stored value the list lacks is kept, so it still shows. */
export function withNone(noneLabel: string, options: readonly Option[], current: string | null): Option[] {
  const list = [{ value: '', label: noneLabel }, ...options];
  if (current && !options.some((o) => o.value === current)) list.push({ value: current, label: current });
  return list;
}
