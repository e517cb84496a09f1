import type { Dispatch } from 'react';
import type { AtomFormAction, AtomFormState, AtomFormValues } from '../model/atomForm';

export interface SectionProps {
  state: AtomFormState;
  dispatch: Dispatch<AtomFormAction>;
}

/** A setter for one field of the form. */
export const setter =
  (dispatch: Dispatch<AtomFormAction>) =>
  <K extends keyof AtomFormValues>(field: K) =>
  (value: AtomFormValues[K]) =>
    dispatch({ type: 'set', field, value });
