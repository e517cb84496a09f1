// Done page (SPEC §2): the completed message, quizzes left or the share note, the
// 'Show {company} more of your skills!' card, and the relevance survey.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useQuizApi } from '../api/context';
import { quizMutations } from '../api/queries';
import { Spinner } from '../components/Spinner';
import { Survey } from '../components/Survey';
import { useQuiz } from '../hooks/useQuiz';
import { useTracking } from '../tracking/context';
import {
  COME_BACK_NOTE,
  completedText,
  moreQuizzesText,
  otherQuizUrl,
  quizzesLeftText,
  sharedText,
  showMoreTitle,
} from './doneTexts';

function GreenCheck() {
  return (
    <svg className="sq-check" viewBox="0 0 52 52" width="64" height="64" aria-hidden="true" focusable="false">
      <circle cx="26" cy="26" r="25" fill="#15803d" />
      <path
        d="M14 27 l8 8 l16 -17"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function DonePage() {
  const { token, result, reload } = useQuiz();
  const { mutateAsync: vote } = useMutation(quizMutations(useQuizApi(), useQueryClient()).survey());
  // A result already loaded on arrival is the one from before the finish call: fetch the final
  // counts. Opened directly, the provider's own first load already brings them (no second GET).
  // Until a newer result than the one on arrival is in, nothing is said: the old counts would
  // flash 'You have 1 more quiz to complete.' before 'We've shared your results...'. A failed
  // reload keeps waiting (the provider shows its Retry); any later result is the server's new one.
  // The last question's events go now, not at the queue's next turn: a candidate who is done may
  // close the tab at once.
  const { log } = useTracking();
  useEffect(() => {
    void log.flush();
  }, [log]);
  const [resultOnArrival] = useState(result);
  const [reloaded, setReloaded] = useState(false);
  const loadedOnArrival = resultOnArrival !== undefined;
  useEffect(() => {
    if (loadedOnArrival) void reload().then((r) => r && setReloaded(true));
  }, [loadedOnArrival, reload]);

  if (!result || (result === resultOnArrival && !reloaded)) return <Spinner label="Loading" />;
  const company = result.quiz.company_name ?? 'the hiring company';
  const required = result.required_atoms_left;
  const max = result.max_atoms_left;
  const anotherUrl = otherQuizUrl(result.quiz_url, token);
  const takeAnother = anotherUrl ? (
    <a className="sq-button" href={anotherUrl}>
      Take another quiz
    </a>
  ) : null;

  return (
    <>
      <section className="sq-card sq-center sq-done" aria-labelledby="sq-done-title">
        <GreenCheck />
        <h1 id="sq-done-title" className="sq-title">
          {completedText(result.quiz.atoms[0]?.name)}
        </h1>
        {required > 0 ? (
          <>
            <p>{quizzesLeftText(required)}</p>
            {takeAnother && (
              <>
                {takeAnother}
                <p className="sq-note">{COME_BACK_NOTE}</p>
              </>
            )}
          </>
        ) : (
          <p>{sharedText(company)}</p>
        )}
      </section>
      {/* No other quiz open (the rest expired or were abandoned): nothing to offer. */}
      {required === 0 && max > 0 && takeAnother && (
        <section className="sq-card sq-center" aria-labelledby="sq-more-title">
          <h2 id="sq-more-title" className="sq-subtitle">
            {showMoreTitle(company)}
          </h2>
          <p>{moreQuizzesText(max)}</p>
          {takeAnother}
        </section>
      )}
      <Survey
        completed={result.survey_completed}
        companyName={company}
        onSubmit={async (rating) =>
          (await vote({ token, body: { content_relevant_rating: rating } })).success
        }
      />
    </>
  );
}
