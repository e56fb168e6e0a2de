import type { Kysely } from 'kysely';

/**
 * Sign-in from the iOS and Android shells (docs/social-and-phone-sign-in.md, "Inside the
 * shells"). A flow started by a shell carries the app's PKCE challenge; its ticket keeps it, and
 * only the app holding the verifier can exchange it for a ticket CreateSession takes. '' marks the
 * browser popup's flows and tickets, so the rows already there keep their meaning.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['oauth_flows', 'sign_in_tickets']) {
    await db.schema
      .alterTable(table)
      .addColumn('app_challenge', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sign_in_tickets', 'oauth_flows']) {
    await db.schema.alterTable(table).dropColumn('app_challenge').execute();
  }
}
