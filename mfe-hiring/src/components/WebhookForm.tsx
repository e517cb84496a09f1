// The result webhook: the URL (Save; Remove), the signing secret with Copy and Rotate (behind a
// confirmation in place), what a receiver checks (the signature header and scheme), and a test
// event whose outcome is said in a polite live region. A URL the server refuses (400) is said at
// the field, focus on it; a stale version (409: someone else saved meanwhile) is said above the
// form, the settings reload, and nothing is sent again.
import { useEffect, useId, useRef, useState } from 'react';
import type { HiringSettingsResponse, WebhookAttempt } from '@skillquiz/contracts';
import { ApiError } from '@skillquiz/http-client';
import { useSaveWebhook, useTestWebhook } from '../hooks/useHiring';
import { CandidateLink } from './CandidateLink';

export interface WebhookFormProps {
  /** '' : a recruiter's own company; an admin's chosen company's slug. */
  company: string;
  settings: HiringSettingsResponse;
  /** A stale-version refusal's words, kept by the page (the settings reload under the form). */
  conflict: string;
  onConflict(message: string): void;
}

/** What a test delivery did, in words. */
export function testOutcome(a: WebhookAttempt): string {
  const took = `${a.duration_ms} ms`;
  if (a.ok) return `Test event delivered: the receiver answered HTTP ${a.status} in ${took}.`;
  const why = a.error ?? (a.status !== null ? `HTTP ${a.status}` : 'no answer');
  return `Test event not delivered: ${why}${a.status !== null && a.error ? ` (HTTP ${a.status})` : ''}.`;
}

export function WebhookForm({ company, settings, conflict, onConflict }: WebhookFormProps) {
  const id = useId();
  const { webhook, signature } = settings;
  const [url, setUrl] = useState(webhook.url ?? '');
  // Pipeline stage changes too (opt-in; absent on a backend without the pipeline).
  const hasStageEvents = settings.stage_events !== undefined;
  const [stageEvents, setStageEvents] = useState(settings.stage_events === true);
  const [urlError, setUrlError] = useState('');
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [tested, setTested] = useState('');
  const save = useSaveWebhook(company);
  const test = useTestWebhook(company);
  const urlInput = useRef<HTMLInputElement>(null);
  const rotateButton = useRef<HTMLButtonElement>(null);
  const rotatePanel = useRef<HTMLDivElement>(null);

  const changed =
    url.trim() !== (webhook.url ?? '') ||
    (hasStageEvents && stageEvents !== (settings.stage_events === true));

  const write = (input: { url: string | null; rotate_secret?: boolean; stage_events?: boolean }) => {
    setUrlError('');
    onConflict('');
    save.mutate(
      { ...input, version: webhook.version },
      {
        onError: (error) => {
          const status = error instanceof ApiError ? error.status : 0;
          if (status === 400) {
            setUrlError(error.message);
            setTimeout(() => urlInput.current?.focus(), 0);
          } else if (status === 409) {
            // The settings reload (useSaveWebhook) and the field shows what is stored now.
            onConflict(`${error.message} The settings have been reloaded: check them and save again.`);
          }
        },
      },
    );
  };

  // Saved here or reloaded after a 409: the field shows the stored URL of the new version (state
  // adjusted while rendering, React's way for "reset state when a prop changes").
  const [shownVersion, setShownVersion] = useState(webhook.version);
  if (shownVersion !== webhook.version) {
    setShownVersion(webhook.version);
    setUrl(webhook.url ?? '');
    setStageEvents(settings.stage_events === true);
  }

  // The rotate confirmation takes focus; Escape closes it and focus returns to its button.
  useEffect(() => {
    const el = rotatePanel.current;
    if (!confirmRotate || !el) return undefined;
    el.querySelector<HTMLElement>('button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setConfirmRotate(false);
      setTimeout(() => rotateButton.current?.focus(), 0);
    };
    el.addEventListener('keydown', onKey);
    return () => el.removeEventListener('keydown', onKey);
  }, [confirmRotate]);

  const sendTest = () => {
    setTested('');
    test.mutate(undefined, {
      onSuccess: ({ attempt }) => setTested(testOutcome(attempt)),
      onError: (error) => setTested(`Test event not sent: ${error.message}`),
    });
  };

  return (
    <section className="hr-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Result webhook</h2>
      <p className="hr-sub">
        When a candidate finishes, abandons or lets a quiz expire, SkillQuiz POSTs the result summary (JSON)
        to this URL, signed with the secret below, and retries with backoff for 24 hours until your receiver
        answers 2xx.
      </p>
      {conflict && (
        <p className="hr-error" role="alert">
          {conflict}
        </p>
      )}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          write({
            url: url.trim() === '' ? null : url.trim(),
            ...(hasStageEvents ? { stage_events: stageEvents } : {}),
          });
        }}
      >
        <div className="hr-field">
          <label htmlFor={`${id}-url`} className="hr-field__label">
            Webhook URL
          </label>
          <input
            id={`${id}-url`}
            ref={urlInput}
            className="hr-input hr-input--wide"
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://ats.example.com/hooks/skillquiz"
            value={url}
            aria-invalid={urlError ? true : undefined}
            aria-describedby={urlError ? `${id}-url-error` : `${id}-url-hint`}
            onChange={(e) => {
              setUrl(e.target.value);
              setUrlError('');
            }}
          />
          {urlError ? (
            <p id={`${id}-url-error`} className="hr-error">
              {urlError}
            </p>
          ) : (
            <p id={`${id}-url-hint`} className="hr-sub">
              An https:// address your receiver listens on. Leave it empty and save to stop sending results.
            </p>
          )}
        </div>
        {hasStageEvents && (
          <label className="hr-field hr-field--check">
            <input type="checkbox" checked={stageEvents} onChange={(e) => setStageEvents(e.target.checked)} />
            <span>
              Also send pipeline stage changes (<code>invitation.stage_changed</code>, signed the same way)
            </span>
          </label>
        )}
        <div className="hr-actions">
          <button
            type="submit"
            className="sq-button sq-button--primary"
            disabled={save.isPending || !changed}
          >
            {save.isPending ? 'Saving…' : 'Save webhook'}
          </button>
          {webhook.url && (
            <button
              type="button"
              className="sq-button"
              disabled={save.isPending}
              onClick={() => write({ url: null })}
            >
              Remove webhook
            </button>
          )}
        </div>
      </form>

      {webhook.secret && (
        <div className="hr-secret">
          <CandidateLink label="Signing secret" url={webhook.secret} noun="secret" />
          <div className="hr-actions">
            <button
              type="button"
              ref={rotateButton}
              className="sq-button"
              aria-expanded={confirmRotate}
              aria-controls={`${id}-rotate`}
              onClick={() => setConfirmRotate(true)}
            >
              Rotate secret
            </button>
          </div>
          {confirmRotate && (
            <div
              id={`${id}-rotate`}
              ref={rotatePanel}
              className="hr-confirm"
              role="group"
              aria-labelledby={`${id}-rotate-title`}
            >
              <p id={`${id}-rotate-title`} className="hr-confirm__title">
                <strong>Rotate the signing secret?</strong>
              </p>
              <p>
                The current secret stops working at once: signatures from now on use the new one, so give it
                to your receiver.
              </p>
              <div className="hr-actions">
                <button
                  type="button"
                  className="sq-button sq-button--primary"
                  onClick={() => {
                    setConfirmRotate(false);
                    write({ url: webhook.url, rotate_secret: true });
                  }}
                >
                  Rotate now
                </button>
                <button
                  type="button"
                  className="sq-button"
                  onClick={() => {
                    setConfirmRotate(false);
                    setTimeout(() => rotateButton.current?.focus(), 0);
                  }}
                >
                  Cancel
                </button>
              </div>
            </div>
          )}

          <h3>Checking the signature</h3>
          <p>
            Every POST carries the header <code>{signature.header}</code>, whose value is{' '}
            <code>{signature.scheme}</code>. Your receiver computes the same HMAC-SHA256 with the secret,
            compares it in constant time, and refuses a timestamp more than a few minutes old. The body&apos;s{' '}
            <code>id</code> is the same for every retry of an event: drop duplicates by it.
          </p>
        </div>
      )}

      <h3>Test event</h3>
      <p className="hr-sub">
        {webhook.url
          ? 'Sends one signed webhook.test event to the saved URL now (no retries) and lists the attempt below.'
          : 'Save a webhook URL first: there is nowhere to send a test event.'}
      </p>
      <div className="hr-actions">
        <button
          type="button"
          className="sq-button"
          onClick={sendTest}
          disabled={!webhook.url || test.isPending}
        >
          {test.isPending ? 'Sending…' : 'Send test event'}
        </button>
      </div>
      <p className="hr-said" role="status" aria-live="polite">
        {tested}
      </p>
    </section>
  );
}
