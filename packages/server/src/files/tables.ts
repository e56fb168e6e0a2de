/** Rows of the files domain. Instants int8 ms; booleans 0/1. */
export interface FileRow {
  user_id: string;
  /** A random UUID: also the download address (/files/{file_id}). */
  file_id: string;
  /** What the file is for: 'avatar'. */
  purpose: string;
  /** SHA-256 (hex) of the upload form's signature; '' once the upload has used it. */
  token_hash: string;
  created_at: number;
  /** The upload form is refused from this instant on. */
  expires_at: number;
  /** The largest upload the form accepts. */
  max_bytes: number;
  /** When the bytes were stored; 0 while the upload is pending. */
  uploaded_at: number;
  /** The stored (re-encoded) type, '' while pending. */
  content_type: string;
  size_bytes: number;
  /** 1 for the file the user's profile shows (their avatar). */
  in_use: number;
}

/** A stored file's bytes, when they are kept in the database (PostgreSQL; file-store.ts). */
interface FileBytesRow {
  user_id: string;
  file_id: string;
  bytes: Uint8Array;
}

export interface FilesTables {
  files: FileRow;
  file_bytes: FileBytesRow;
}
