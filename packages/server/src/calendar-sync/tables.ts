/** A key the server made once because none was configured (secret-box.ts). */
interface ServerSecretRow {
  name: string;
  value: string;
  created_at: number;
}

export interface ServerSecretsTables {
  server_secrets: ServerSecretRow;
}
