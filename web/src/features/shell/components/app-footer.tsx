import { useSystemInfo } from '../../../api/session';
import { formatAge } from '../../../lib/relative-time';

/**
 * 'version X • deployed Nm/Nh/Nd ago' from the system info; nothing until it has loaded, which it
 * is asked for once `ready` (the chrome's first frame painted).
 */
export function AppFooter({ ready }: { ready: boolean }) {
  const info = useSystemInfo(ready);
  const build = info.data?.buildInfo;
  return (
    <footer className="border-t border-line">
      <div className="mx-auto flex h-12 max-w-screen-2xl items-center px-4 text-xs text-muted sm:px-6">
        {build ? (
          <p className="tabular">
            version {build.version} • deployed {formatAge(build.deploymentTime)}
          </p>
        ) : null}
      </div>
    </footer>
  );
}
