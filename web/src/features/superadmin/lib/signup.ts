const SOURCES: Record<string, string> = {
  web_form: 'Website Form',
  api: 'API Registration',
  seed: 'Created at install',
};

/** How an account signed up, as the operator reads it ('Website Form', 'API Registration'). */
export const signupSourceLabel = (source: string | null | undefined) =>
  source ? (SOURCES[source] ?? source) : 'Unknown';
