import { execFileSync } from 'node:child_process';

export interface BuildInfo {
  environment: string;
  appname: string;
  version: string;
  fullVersion: string;
  branch: string | null;
  commit: string | null;
  author: string | null;
  deploymentTime: string;
  message: string | null;
  pipelineUrl: string | null;
}

export interface BuildSettings {
  NODE_ENV: string;
  APP_NAME: string;
  version: string;
  deployedAt: string;
  GIT_COMMIT_SHA?: string;
  GIT_BRANCH?: string;
  GIT_COMMIT_AUTHOR?: string;
  GIT_COMMIT_MESSAGE?: string;
  DEPLOY_PIPELINE_URL?: string;
}

interface GitCheckout {
  commit: string;
  author: string;
  message: string;
  branch: string | null;
}

function git(cwd: string, args: string[]): string | null {
  try {
    return execFileSync('git', ['-C', cwd, ...args], {
      encoding: 'utf8',
      timeout: 2_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

/** The last commit of the checkout the server runs from, when it is one and git is installed. */
export function readGitCheckout(cwd: string): GitCheckout | null {
  const log = git(cwd, ['log', '-1', '--format=%H%x00%an%x00%s']);
  if (!log) return null;
  const [commit, author, message] = log.split('\0');
  if (!commit || !/^[0-9a-f]{40}$/.test(commit)) return null;
  const branch = git(cwd, ['rev-parse', '--abbrev-ref', 'HEAD']);
  return { commit, author: author ?? '', message: message ?? '', branch: branch && branch !== 'HEAD' ? branch : null };
}

/**
 * What is running: APP_VERSION and the GIT_* and DEPLOY_* variables a pipeline sets win; the
 * git checkout fills what they leave out. The full version adds the short commit to the version.
 */
export function buildInfoOf(settings: BuildSettings, checkout: GitCheckout | null): BuildInfo {
  const commit = settings.GIT_COMMIT_SHA ?? checkout?.commit ?? null;
  return {
    environment: settings.NODE_ENV,
    appname: settings.APP_NAME,
    version: settings.version,
    fullVersion: commit ? `${settings.version}+${commit.slice(0, 7)}` : settings.version,
    branch: settings.GIT_BRANCH ?? checkout?.branch ?? null,
    commit,
    author: settings.GIT_COMMIT_AUTHOR ?? checkout?.author ?? null,
    deploymentTime: settings.deployedAt,
    message: settings.GIT_COMMIT_MESSAGE ?? checkout?.message ?? null,
    pipelineUrl: settings.DEPLOY_PIPELINE_URL ?? null,
  };
}
