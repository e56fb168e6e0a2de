import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The upload form CreateFile answers, in the shape of an S3 presigned POST: the client posts
 * these fields, then the file, to the form's address. The policy states the form's limits the
 * way S3's does; the signature is a fresh random secret whose hash the file's row keeps, so it
 * works for this file only, until the row's expiry, and no server key has to be shared.
 */
export interface UploadForm {
  key: string;
  policy: string;
  signature: string;
  'Content-Type': string;
}

/** The form's field names, in the order the client posts them (before the file). */
export const FORM_FIELDS = ['key', 'policy', 'signature', 'Content-Type'] as const;
export type FormField = (typeof FORM_FIELDS)[number];

/** What a form is issued for; every part of it is also kept in the file's row. */
export interface FormTerms {
  fileId: string;
  purpose: string;
  maxBytes: number;
  expiresAt: number;
  /** The type the stored file will have (the upload is re-encoded to it). */
  storedType: string;
}

/** The S3 policy document: the expiry and the conditions the upload must meet. */
function policyOf(terms: FormTerms): string {
  const document = {
    expiration: new Date(terms.expiresAt).toISOString(),
    conditions: [
      { key: terms.fileId },
      { purpose: terms.purpose },
      { 'Content-Type': terms.storedType },
      ['content-length-range', 1, terms.maxBytes],
    ],
  };
  return Buffer.from(JSON.stringify(document)).toString('base64');
}

function hashSignature(signature: string): string {
  return createHash('sha256').update(signature).digest('hex');
}

/** A new form and the hash of its signature, to be stored with the file's row. */
export function issueForm(terms: FormTerms): { form: UploadForm; tokenHash: string } {
  const signature = randomBytes(32).toString('base64url');
  return {
    form: {
      key: terms.fileId,
      policy: policyOf(terms),
      signature,
      'Content-Type': terms.storedType,
    },
    tokenHash: hashSignature(signature),
  };
}

export type FormProblem = 'signature' | 'expired' | 'policy';

/**
 * Checks posted fields against the row's terms: the signature's hash, the expiry, and fields
 * exactly as issued (a changed policy or type is refused as S3 refuses it).
 */
export function checkForm(
  fields: Partial<Record<FormField, string>>,
  row: FormTerms & { tokenHash: string },
  now: number,
): FormProblem | undefined {
  const posted = Buffer.from(hashSignature(fields.signature ?? ''), 'hex');
  const stored = Buffer.from(row.tokenHash, 'hex');
  if (stored.length !== posted.length || !timingSafeEqual(stored, posted)) return 'signature';
  if (now >= row.expiresAt) return 'expired';
  if (fields.policy !== policyOf(row) || fields['Content-Type'] !== row.storedType) {
    return 'policy';
  }
  return undefined;
}
