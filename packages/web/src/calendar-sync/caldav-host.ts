/** The server's host, as the account is named; the address itself if it does not parse. */
export function hostOf(serverUrl: string): string {
  try {
    return new URL(serverUrl).host;
  } catch {
    return serverUrl;
  }
}
