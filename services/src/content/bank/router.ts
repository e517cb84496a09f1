// Admin content API (SPEC §7 admin calls). Thin: every route is guarded (rate limit, admin
// session, and for writes the CSRF header), validates its input with the contracts' schemas, and
// calls one function of atoms.ts, questions.ts or options.ts. Trailing slashes are optional.
import { Router } from '@koa/router';
import type { Context, Middleware } from 'koa';
import {
  AtomCreateSchema,
  AtomGetQuerySchema,
  AtomListQuerySchema,
  AtomUpdateSchema,
  PositiveIntParamSchema,
  QuestionListQuerySchema,
  QuestionWritePayloadSchema,
  type AtomListResponse,
  type AtomResponse,
  type QuestionResponse,
} from '@skillquiz/contracts';
import {
  actorOf,
  requireAdmin,
  requireCsrfHeader,
  ADMIN_LIMIT,
  rateLimit,
  notFound,
  validate,
} from '../../platform';
import { createAtom, deleteAtom, getAtomWithQuestions, listAtoms, updateAtom } from './atoms';
import { claimOptions, codeBlockOptions, languageOptions } from './options';
import { createQuestion, getQuestion, listQuestions, updateQuestion } from './questions';

/** A question id in the path: a positive integer, else 404 (there is no such question). */
function questionId(ctx: Context): number {
  const parsed = PositiveIntParamSchema.safeParse(ctx.params.id);
  if (!parsed.success) throw notFound(`No question with id '${String(ctx.params.id)}'`);
  return parsed.data;
}

export interface ContentRouterOptions {
  /**
   * How many invitations list an atom (the hiring context's, wired by the composition root): an atom
   * still listed cannot be deleted.
   */
  invitationsListing: (atomId: string) => Promise<number>;
}

export function contentRouter(options: ContentRouterOptions): Router {
  const router = new Router();
  const limit = rateLimit(ADMIN_LIMIT);
  const read: Middleware[] = [limit, requireAdmin()];
  const write: Middleware[] = [limit, requireAdmin(), requireCsrfHeader()];

  // Atoms
  router.get('/api/atoms', ...read, async (ctx) => {
    const query = validate(AtomListQuerySchema, ctx.query);
    const body: AtomListResponse = { atoms: await listAtoms(query.include_beta) };
    ctx.body = body;
  });
  router.get('/api/atoms/:id', ...read, async (ctx) => {
    const { questions_page } = validate(AtomGetQuerySchema, ctx.query);
    ctx.body = await getAtomWithQuestions(ctx.params.id, questions_page);
  });
  router.post('/api/atoms', ...write, async (ctx) => {
    const input = validate(AtomCreateSchema, ctx.request.body);
    const body: AtomResponse = { atom: await createAtom(input, actorOf(ctx)) };
    ctx.status = 201;
    ctx.body = body;
  });
  router.put('/api/atoms/:id', ...write, async (ctx) => {
    const input = validate(AtomUpdateSchema, ctx.request.body);
    const body: AtomResponse = { atom: await updateAtom(ctx.params.id, input, actorOf(ctx)) };
    ctx.body = body;
  });
  router.post('/api/atoms/delete/:id', ...write, async (ctx) => {
    await deleteAtom(ctx.params.id, actorOf(ctx), options.invitationsListing);
    ctx.body = { success: true };
  });

  // Option lists (before /api/questions/:id, which would otherwise take their names as ids)
  router.get('/api/questions/code-block-options', ...read, (ctx) => {
    ctx.body = codeBlockOptions();
  });
  router.get('/api/questions/claim-options', ...read, async (ctx) => {
    ctx.body = await claimOptions();
  });
  router.get('/api/questions/language-options', ...read, (ctx) => {
    ctx.body = languageOptions();
  });

  // Questions
  router.get('/api/questions', ...read, async (ctx) => {
    ctx.body = await listQuestions(validate(QuestionListQuerySchema, ctx.query));
  });
  router.get('/api/questions/:id', ...read, async (ctx) => {
    const body: QuestionResponse = { question: await getQuestion(questionId(ctx)) };
    ctx.body = body;
  });
  router.post('/api/question', ...write, async (ctx) => {
    const input = validate(QuestionWritePayloadSchema, ctx.request.body);
    const body: QuestionResponse = { question: await createQuestion(input, actorOf(ctx), ctx.config) };
    ctx.status = 201;
    ctx.body = body;
  });
  router.post('/api/question/:id', ...write, async (ctx) => {
    const id = questionId(ctx);
    const input = validate(QuestionWritePayloadSchema, ctx.request.body);
    const body: QuestionResponse = { question: await updateQuestion(id, input, actorOf(ctx), ctx.config) };
    ctx.body = body;
  });

  return router;
}
