// Import and export API (admin only, CSRF on writes). Thin over preview.ts, commit.ts and
// export.ts. The preview takes the file's bytes as the request body (application/octet-stream, up to
// IMPORT_LIMITS.UPLOAD_BYTES), so no multipart parsing and no base64 inflation. The bytes are read into
// one buffer of their own and handed to the check's worker thread (off-thread.ts).
import { Readable } from 'node:stream';
import { Router } from '@koa/router';
import type { Context, Middleware } from 'koa';
import { ExportQuerySchema, ImportCommitSchema, ImportPreviewQuerySchema } from '@skillquiz/contracts';
import {
  actorOf,
  requireAdmin,
  requireCsrfHeader,
  ADMIN_LIMIT,
  rateLimit,
  HttpError,
  badRequest,
  payloadTooLarge,
  validate,
} from '../../platform';
import { commitImport } from './commit';
import { exportQuestions } from './export';
import { IMPORT_LIMITS, limitMessages } from './limits';
import { OffThreadChecks } from './off-thread';
import { jsonInSlices, previewImport } from './preview';

/** Largest file accepted (10,000 questions of JSON are about 10 MB). */
export const IMPORT_MAX_BYTES = IMPORT_LIMITS.UPLOAD_BYTES;

async function rawBody(ctx: Context): Promise<Buffer> {
  if (!ctx.is('application/octet-stream', 'application/zip', 'application/x-zip-compressed'))
    throw new HttpError(415, 'Send the file as the request body with Content-Type: application/octet-stream');
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > IMPORT_MAX_BYTES) throw payloadTooLarge(limitMessages.uploadBytes());
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > IMPORT_MAX_BYTES) throw payloadTooLarge(limitMessages.uploadBytes());
    chunks.push(chunk as Buffer);
  }
  if (size === 0) throw badRequest('The file is empty');
  return Buffer.concat(chunks);
}

export function contentIoRouter(): Router {
  const router = new Router();
  // The import checks of this app, one at a time (off-thread.ts).
  const checks = new OffThreadChecks();
  const limit = rateLimit(ADMIN_LIMIT);
  const read: Middleware[] = [limit, requireAdmin()];
  const write: Middleware[] = [limit, requireAdmin(), requireCsrfHeader()];

  router.get('/api/questions/export', ...read, async (ctx) => {
    const q = validate(ExportQuerySchema, ctx.query);
    const file = await exportQuestions(q.format, q.atom, q);
    ctx.set('Content-Disposition', `attachment; filename="${file.filename}"`);
    ctx.type = file.contentType;
    ctx.body = file.body;
  });
  router.post('/api/questions/import/preview', ...write, async (ctx) => {
    const q = validate(ImportPreviewQuerySchema, ctx.query);
    const bytes = await rawBody(ctx);
    const preview = await previewImport(bytes, {
      format: q.format,
      filename: q.filename,
      actor: actorOf(ctx),
      checks,
    });
    ctx.type = 'application/json';
    // written as it is made: 10,000 rows are not first joined into one string
    ctx.body = Readable.from(jsonInSlices(preview, 'items'));
  });
  router.post('/api/questions/import/:importId/commit', ...write, async (ctx) => {
    const { confirm_updates } = validate(ImportCommitSchema, ctx.request.body ?? {});
    ctx.body = await commitImport(String(ctx.params.importId), confirm_updates, actorOf(ctx));
  });
  return router;
}
