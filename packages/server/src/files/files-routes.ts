import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@planner/protocol';
import type { Database } from '../db/database';
import { AppError, invalid } from '../rpc/errors';
import { faultAnswer, sendError } from '../rpc/http-routes';
import type { ServiceDeps } from '../service-deps';
import { AVATAR_MAX_BYTES, AvatarError } from './avatar-image';
import { uploadStoreFor } from './file-store';
import {
  checkUploadForm,
  findStored,
  FormRefused,
  storeUpload,
  UPLOAD_PATH,
} from './files-service';
import type { StoredFile } from './files-repository';
import { FORM_FIELDS, type FormField } from './upload-form';

/**
 * The form's fields and one file. A few fields more than the form has are read, so that an
 * unknown one is answered by name (400) rather than by a limit (413).
 */
const UPLOAD_LIMITS = {
  fieldNameSize: 100,
  fieldSize: 4096,
  fields: 2 * FORM_FIELDS.length,
  fileSize: AVATAR_MAX_BYTES,
  files: 1,
  parts: 2 * FORM_FIELDS.length + 1,
  headerPairs: 20,
};

/** A file's bytes never change under its id (a new avatar is a new file). */
const FILE_CACHE_CONTROL = 'private, max-age=31536000, immutable';
/** S3 answers 403 to a bad, expired or spent form. */
const FORBIDDEN = 403;

const isFormField = (name: string): name is FormField =>
  (FORM_FIELDS as readonly string[]).includes(name);

/** Reads what the client sent after a refusal, so the answer is not cut off mid-upload. */
async function drain(part: MultipartFile): Promise<void> {
  await part.toBuffer().catch(() => undefined);
}

/**
 * Reads the form: the fields first (as S3 wants them), then the file, whose form is checked
 * before its bytes are read. Fields after the file are ignored, as S3 ignores them.
 */
async function readUpload(
  request: FastifyRequest,
  database: Database,
  now: number,
): Promise<{ row: StoredFile; bytes: Buffer }> {
  const fields: Partial<Record<FormField, string>> = {};
  let upload: { row: StoredFile; bytes: Buffer } | undefined;
  for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
    if (part.type === 'field') {
      if (upload) continue;
      if (!isFormField(part.fieldname) || fields[part.fieldname] !== undefined) {
        throw invalid(`field "${part.fieldname.slice(0, 100)}": not a field of the upload form`);
      }
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (upload || part.fieldname !== 'file') {
      await drain(part);
      if (!upload) throw invalid('field "file": the file must be sent in the field "file"');
      continue;
    }
    const row = await checkUploadForm(database.db, fields, now).catch(async (error: unknown) => {
      await drain(part);
      throw error;
    });
    if (row.uploaded_at > 0) {
      // A repeat of a form that already stored its bytes (a retry whose answer was lost):
      // done, and the bytes under the id stay as they are.
      await drain(part);
      upload = { row, bytes: Buffer.alloc(0) };
      continue;
    }
    const bytes = await part.toBuffer();
    if (bytes.length > row.max_bytes) throw invalid(AvatarError.fileTooBig);
    upload = { row, bytes };
  }
  if (!upload) throw invalid('field "file": required');
  return upload;
}

/** Errors of the upload and download routes, answered as the API answers them (JSON). */
function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) return sendError(reply, 'json', error);
  if (error instanceof FormRefused) {
    return sendError(reply, 'json', new AppError(FORBIDDEN, error.message));
  }
  if (error.statusCode === 413) {
    return sendError(
      reply,
      'json',
      new AppError(ErrorCode.PayloadTooLarge, AvatarError.fileTooBig),
    );
  }
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return sendError(reply, 'json', invalid(error.message));
  }
  return sendError(reply, 'json', faultAnswer(error, request));
}

/**
 * POST /files/upload (the postUrl of CreateFile's form) and GET /files/{id}. Registered in a
 * scope of their own: the multipart parser exists only here, while the API keeps reading raw
 * bodies (app.ts removes every parser at the root for it).
 */
export function registerFilesRoutes(
  app: FastifyInstance,
  deps: ServiceDeps & { database: Database },
): void {
  const store = uploadStoreFor(deps.database.dialect, deps.config.dataDir);
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: UPLOAD_LIMITS });
    scope.setErrorHandler(answerError);

    scope.post(UPLOAD_PATH, async (request, reply) => {
      const now = deps.clock.now();
      const { row, bytes } = await readUpload(request, deps.database, now);
      if (row.uploaded_at === 0) await storeUpload(deps.database.db, store, row, bytes, now);
      // What S3 answers a POST upload without success_action_status.
      return reply.code(204).send();
    });

    scope.get<{ Params: { id: string } }>('/files/:id', async (request, reply) => {
      const file = await findStored(deps.database.db, request.params.id);
      const bytes = file && (await store.read(deps.database.db, file));
      if (!file || !bytes) {
        return sendError(reply, 'json', new AppError(ErrorCode.NotFound, 'No such file'));
      }
      return reply
        .type(file.contentType)
        .header('cache-control', FILE_CACHE_CONTROL)
        .header('content-disposition', 'inline')
        .send(bytes);
    });
  });
}
