import { Spinner } from './Spinner';

export function TimedOutView({ sending }: { sending: boolean }) {
  return (
    <section className="sq-card sq-timed-out" aria-labelledby="sq-timed-out-title" role="alert">
      <h1 id="sq-timed-out-title" className="sq-title">
        This question has timed out.
      </h1>
      <p>The next question will start momentarily</p>
      {sending && <Spinner label="Moving on to the next question" />}
    </section>
  );
}
