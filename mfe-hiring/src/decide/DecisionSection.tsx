// The report's decision section: per atom the probability of meeting the role's bar, the percentile
// as an interval, and the topic view.
import { useDecision } from './useDecide';
import { TopicView } from './TopicView';
import { meetsText, percentileText } from './wording';

export function DecisionSection({ id }: { id: string }) {
  const decision = useDecision(id);
  return (
    <section className="hr-card" aria-labelledby="hr-decision-heading">
      <h2 id="hr-decision-heading">Decision and topics</h2>
      {decision.isPending && <p role="status">Loading…</p>}
      {decision.isError && (
        <p role="alert">The decision view could not be loaded: {decision.error.message}</p>
      )}
      {decision.data?.atoms.map((a) => (
        <div key={a.atom_id} className="hr-decision-atom">
          <h3>{a.atom_name}</h3>
          {a.bar && a.meets !== null && (
            <p className="hr-meets" data-testid={`meets-${a.atom_id}`}>
              {meetsText(a.bar, a.meets)} (the probability, from the posterior, that the level is L{a.bar} or
              higher)
            </p>
          )}
          {a.bar && a.meets === null && <p>Bar L{a.bar}: no result yet.</p>}
          {a.percentile_interval ? (
            <p data-testid={`percentile-${a.atom_id}`}>{percentileText(a.percentile_interval)}</p>
          ) : (
            a.level !== null && <p>Percentile: too few finished candidates yet.</p>
          )}
          {a.level !== null && <TopicView topics={a.topics} />}
        </div>
      ))}
    </section>
  );
}
