// The report page's hiring pipeline: where the candidate stands (a stage of the company's own list),
// signed-in recruiter's own 1-5 rating beside the average, and the recruiters' notes with author and
// time. Every save names the version the page read: when another recruiter saved first (409) the
// section says so in its live region and shows what they saved, and nothing of theirs is lost. The
// candidate never sees any of this. Hidden on a backend without the pipeline (the dev fake).
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PIPELINE_LIMITS, stageLabel, type PipelineStage, type PipelineView } from '@skillquiz/contracts';
import { ApiError } from '@skillquiz/http-client';
import { useHiringApi } from '../api/context';
import { pipelineMutations, pipelineQueries } from '../api/queries';
import { formatDateTime } from '../model/reportView';
import { useMe } from '../hooks/useHiring';

const CONFLICT =
  'Someone else changed this candidate’s pipeline meanwhile. It now shows what they saved: make your change again.';

/** What a failed save says in the live region (other failures raise a toast as well). */
function failure(error: Error): string {
  if (error instanceof ApiError && error.status === 409) return CONFLICT;
  return `Not saved: ${error.message}`;
}

export function PipelineSection({ id }: { id: string }) {
  const api = useHiringApi();
  const query = useQuery(pipelineQueries(api).pipeline(id));
  if (!api.pipeline) return null;
  return (
    <section className="hr-card hr-pipeline hr-no-print" aria-labelledby="hr-pipeline-heading">
      <h2 id="hr-pipeline-heading">Hiring pipeline</h2>
      <p className="hr-sub">
        Only your company’s recruiters see the stage, ratings and notes; the candidate never does.
      </p>
      {query.data ? (
        <PipelineForms id={id} view={query.data} />
      ) : query.isPending ? (
        <p role="status">Loading the pipeline…</p>
      ) : (
        <p role="alert">
          The pipeline could not be loaded.{' '}
          <button type="button" className="sq-button" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      )}
    </section>
  );
}

function PipelineForms({ id, view }: { id: string; view: PipelineView }) {
  const uid = useId();
  const api = useHiringApi();
  const m = pipelineMutations(api, useQueryClient());
  const setStage = useMutation(m.setStage(id));
  const addNote = useMutation(m.addNote(id));
  const setRating = useMutation(m.setRating(id));
  const me = useMe().data?.email ?? null;
  const mine = view.ratings.find((r) => r.author === me)?.rating ?? null;

  // The drafts start from what is stored and start again whenever a save (anyone's) moved it.
  const [seen, setSeen] = useState(view.version);
  const [stage, setStageDraft] = useState<PipelineStage>(view.stage);
  const [rating, setRatingDraft] = useState<number | null>(mine);
  if (seen !== view.version) {
    setSeen(view.version);
    setStageDraft(view.stage);
    setRatingDraft(mine);
  }
  const [note, setNote] = useState('');
  const [said, setSaid] = useState('');

  const onStage = (e: FormEvent) => {
    e.preventDefault();
    setSaid('');
    setStage.mutate(
      { stage, version: view.version },
      {
        onSuccess: (v) => setSaid(`Stage saved: ${stageLabel(v.stages, v.stage)}.`),
        onError: (err) => setSaid(failure(err)),
      },
    );
  };
  const onRating = (value: number | null) => {
    setSaid('');
    setRating.mutate(
      { rating: value, version: view.version },
      {
        onSuccess: () =>
          setSaid(value === null ? 'Your rating was removed.' : `Your rating saved: ${value} of 5.`),
        onError: (err) => setSaid(failure(err)),
      },
    );
  };
  const onNote = (e: FormEvent) => {
    e.preventDefault();
    const text = note.trim();
    if (!text) return setSaid('Write something before adding the note.');
    setSaid('');
    addNote.mutate(
      { text, version: view.version },
      {
        onSuccess: () => {
          setNote('');
          setSaid('Note added.');
        },
        // The text stays in the box, so nothing typed is lost on a conflict.
        onError: (err) => setSaid(failure(err)),
      },
    );
  };

  const busy = setStage.isPending || addNote.isPending || setRating.isPending;
  const average =
    view.rating === null
      ? 'Nobody has rated this candidate yet.'
      : `Average ${view.rating} of 5 from ${view.ratings.length} ${view.ratings.length === 1 ? 'recruiter' : 'recruiters'}.`;

  return (
    <>
      <p id={`${uid}-said`} className="hr-said" role="status" aria-live="polite">
        {said}
      </p>

      <form className="hr-pipeline__stage" onSubmit={onStage}>
        <div className="hr-field">
          <label htmlFor={`${uid}-stage`} className="hr-field__label">
            Stage
          </label>
          <select
            id={`${uid}-stage`}
            className="hr-input"
            value={stage}
            onChange={(e) => setStageDraft(e.target.value as PipelineStage)}
          >
            {/* The company's own stages, in its order (settings page); a stage it removed while this
                candidate was in it (possible only in a race) stays choosable as it is. */}
            {(view.stages.some((s) => s.key === view.stage)
              ? view.stages
              : [...view.stages, { key: view.stage, label: view.stage }]
            ).map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="sq-button sq-button--primary"
          disabled={busy || stage === view.stage}
        >
          {setStage.isPending ? 'Saving…' : 'Save stage'}
        </button>
        {view.stage_changed_at && (
          <p className="hr-sub">
            {stageLabel(view.stages, view.stage)} since {formatDateTime(view.stage_changed_at)}, by{' '}
            {view.stage_changed_by}
          </p>
        )}
      </form>

      <fieldset className="hr-fieldset hr-pipeline__rating" aria-describedby={`${uid}-average`}>
        <legend>Your rating</legend>
        <div className="hr-rating">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="hr-rating__choice">
              <input
                type="radio"
                name={`${uid}-rating`}
                value={n}
                checked={rating === n}
                onChange={() => setRatingDraft(n)}
              />{' '}
              {n}
            </label>
          ))}
        </div>
        <p id={`${uid}-average`} className="hr-sub">
          {average} 1 is weak, 5 is strong.
        </p>
        <button
          type="button"
          className="sq-button"
          disabled={busy || rating === null || rating === mine}
          onClick={() => onRating(rating)}
        >
          Save rating
        </button>{' '}
        {mine !== null && (
          <button type="button" className="sq-button" disabled={busy} onClick={() => onRating(null)}>
            Remove my rating
          </button>
        )}
      </fieldset>

      <div className="hr-pipeline__notes">
        <h3>Notes</h3>
        {view.notes.length === 0 ? (
          <p className="hr-sub">No notes yet.</p>
        ) : (
          <ol className="hr-notes">
            {view.notes.map((n) => (
              <li key={n.id}>
                <p className="hr-sub">
                  {n.author} · <time dateTime={n.at}>{formatDateTime(n.at)}</time>
                </p>
                <p className="hr-notes__text">{n.text}</p>
              </li>
            ))}
          </ol>
        )}
        <form onSubmit={onNote}>
          <div className="hr-field">
            <label htmlFor={`${uid}-note`} className="hr-field__label">
              Add a note
            </label>
            <textarea
              id={`${uid}-note`}
              className="hr-input"
              rows={3}
              maxLength={PIPELINE_LIMITS.NOTE_MAX}
              value={note}
              aria-describedby={`${uid}-note-count`}
              onChange={(e) => setNote(e.target.value)}
            />
            <span id={`${uid}-note-count`} className="hr-sub">
              {note.length} of {PIPELINE_LIMITS.NOTE_MAX} characters
            </span>
          </div>
          <button type="submit" className="sq-button" disabled={busy}>
            {addNote.isPending ? 'Adding…' : 'Add note'}
          </button>
        </form>
      </div>
    </>
  );
}
