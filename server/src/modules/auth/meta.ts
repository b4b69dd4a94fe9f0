import type { AppDeps } from '../../core/context.ts';

/** What a public (not signed-in) auth call knows about its caller. */
export interface RequestMeta {
  deps: AppDeps;
  ip: string;
  userAgent?: string;
  /** The session cookie the browser sent, if any (rotated away at sign-in). */
  currentSessionToken?: string;
}
