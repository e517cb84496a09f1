// The events a company's webhook receives. One per quiz that ends (an invitation issues one quiz
// per atom): `quiz.finished`, `quiz.abandoned` (the candidate left, or called abandon) or
// `quiz.expired` (not finished before its expiry; marked by the expiry-sweep job). The event id is
// `evt_<quiz id>_<status>`, the same for every delivery attempt and however often it is enqueued, so
// a receiver can drop duplicates by id.
import { levelForTheta } from '@skillquiz/adaptive';
import { Types } from 'mongoose';
import { Atom } from '../../content';
import { Company } from '../models/company';
import { Invitation } from '../models/invitation';
import { QuizResult, type QuizEndStatus } from '../../quiz';
import type { WebhookEventBody } from '@skillquiz/contracts';
import type { WebhookEvent } from './deliver';

/** A result webhook's data: the contracts' WebhookEventBody (what receivers are told it is). */
export type ResultSummary = WebhookEventBody['data'];

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/** The quiz's result as it stands, or null when the quiz no longer exists. */
export async function resultSummary(
  quizId: string,
  status: QuizEndStatus,
  publicUrl: string,
): Promise<ResultSummary | null> {
  if (!Types.ObjectId.isValid(quizId)) return null;
  const quiz = await QuizResult.findById(quizId).select({ served: 0, plan: 0 }).lean().exec();
  if (!quiz) return null;
  const [invitation, company, atoms] = await Promise.all([
    quiz.invitation ? Invitation.findById(quiz.invitation).lean().exec() : null,
    quiz.company ? Company.findById(quiz.company).select({ name: 1 }).lean().exec() : null,
    Atom.find({ _id: { $in: quiz.atom_ids } })
      .select({ name: 1, levels_thresholds: 1 })
      .lean()
      .exec(),
  ]);
  const atomById = new Map(atoms.map((a) => [String(a._id), a]));
  const invitationId = quiz.invitation ? String(quiz.invitation) : null;
  return {
    invitation_id: invitationId,
    quiz_id: String(quiz._id),
    company: { id: quiz.company ? String(quiz.company) : '', name: company?.name ?? '' },
    candidate: { name: invitation?.candidate_name ?? null, email: invitation?.candidate_email ?? null },
    status,
    atoms: quiz.atom_ids.map((id) => {
      const atom = atomById.get(id);
      const est = (quiz.estimates ?? []).find((e) => e.atom_id === id);
      const answered = est?.answered ?? 0;
      return {
        id,
        name: atom?.name ?? id,
        level: est && answered > 0 ? levelForTheta(est.estimate, atom?.levels_thresholds) : null,
        estimate: est && answered > 0 ? est.estimate : null,
        error: est && answered > 0 ? est.error : null,
        answered,
      };
    }),
    started_at: iso(quiz.started_at),
    finished_at: iso(quiz.finished_at),
    abandoned_at: iso(quiz.abandoned_at),
    expired_at: iso(quiz.expired_at),
    report_url: invitationId ? `${publicUrl.replace(/\/+$/, '')}/hiring/invitations/${invitationId}` : null,
  };
}

export function resultEvent(eventId: string, occurredAt: string, summary: ResultSummary): WebhookEvent {
  return { id: eventId, type: `quiz.${summary.status}`, created_at: occurredAt, data: summary };
}

/** The settings page's "Send a test event": a sample result, marked as a test, never stored anywhere. */
export function testEvent(
  company: { id: string; name: string },
  publicUrl: string,
  now = new Date(),
): WebhookEvent {
  const id = `evt_test_${new Types.ObjectId().toHexString()}`;
  const sample: ResultSummary = {
    invitation_id: null,
    quiz_id: '000000000000000000000000',
    company,
    candidate: { name: 'Test Candidate', email: 'candidate@example.com' },
    status: 'finished',
    atoms: [{ id: 'javascript', name: 'JavaScript', level: 3, estimate: 0.12, error: 0.31, answered: 12 }],
    started_at: new Date(now.getTime() - 15 * 60_000).toISOString(),
    finished_at: now.toISOString(),
    abandoned_at: null,
    expired_at: null,
    report_url: `${publicUrl.replace(/\/+$/, '')}/hiring`,
  };
  return { id, type: 'webhook.test', created_at: now.toISOString(), test: true, data: sample };
}
