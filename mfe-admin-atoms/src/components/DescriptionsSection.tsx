// SPEC §2 descriptions page: plain and HTML descriptions, the client-facing score description, and
// one description per score level.
import type { Dispatch } from 'react';
import { TextAreaField } from '@skillquiz/admin-ui';
import { LEVELS, type AtomFormAction, type AtomFormValues } from '../model/atomForm';
import { setter } from './sectionProps';

export function DescriptionsSection({
  values,
  dispatch,
}: {
  values: AtomFormValues;
  dispatch: Dispatch<AtomFormAction>;
}) {
  const set = setter(dispatch);
  return (
    <section aria-labelledby="atom-page-heading">
      <h2 id="atom-page-heading">Descriptions</h2>
      <TextAreaField
        label="Description (plain text)"
        name="description"
        value={values.description}
        onChange={set('description')}
      />
      <TextAreaField
        label="Description (HTML)"
        name="description_html"
        value={values.description_html}
        onChange={set('description_html')}
      />
      <TextAreaField
        label="Client-facing score description"
        name="client_description"
        value={values.client_description}
        onChange={set('client_description')}
      />
      {LEVELS.map((level) => {
        const field = `level_${level}_description` as const;
        return (
          <TextAreaField
            key={level}
            label={`Level ${level} (L${level}) description`}
            name={field}
            value={values[field]}
            onChange={set(field)}
          />
        );
      })}
    </section>
  );
}
