// The question id of a route's `:id`: a positive integer, else 404 (no such question).
import { PositiveIntParamSchema } from '@skillquiz/contracts';
import { notFound } from '../../platform';

export function questionIdParam(raw: unknown): number {
  const parsed = PositiveIntParamSchema.safeParse(raw);
  if (!parsed.success) throw notFound(`No question with id '${String(raw)}'`);
  return parsed.data;
}
