import { silentTrace } from '../results.ts';
import { type GithubAnswer, githubGet } from './client.ts';

type OrgJson = { login?: string; description?: string | null };

/** One organisation the token can see, as the Setup form's picker lists it. */
export interface GithubOrg {
  login: string;
  description: string | null;
}

/** A user is in few organisations; this bounds the paging all the same. */
const MAX_PAGES = 10;

/**
 * The organisations the token's user belongs to (GET /user/orgs, 100 a page, Link paging), sorted
 * by name. Throws the client's ConnectorError when GitHub refuses (401 needs reauthorization).
 */
export async function listGithubOrgs(input: { apiUrl: string; token: string }): Promise<GithubOrg[]> {
  const orgs = new Map<string, GithubOrg>();
  let url: string | null = `${input.apiUrl.replace(/\/+$/, '')}/user/orgs?per_page=100`;
  for (let page = 0; url && page < MAX_PAGES; page++) {
    const answer: GithubAnswer<OrgJson[]> = await githubGet<OrgJson[]>(url, { token: input.token, trace: silentTrace });
    for (const org of Array.isArray(answer.body) ? answer.body : []) {
      if (typeof org.login === 'string' && org.login !== '') {
        orgs.set(org.login, { login: org.login, description: org.description || null });
      }
    }
    url = answer.next;
  }
  return [...orgs.values()].sort((a, b) => a.login.localeCompare(b.login));
}
