import { useSystemInfo } from '../../../api/session';
import { useAfterFirstPaint } from '../../../lib/after-first-paint';
import { formatAge } from '../../../lib/relative-time';

/** 'version X • deployed Nm/Nh/Nd ago' from the system info; nothing until it has loaded. */
export function AppFooter() {
  const info = useSystemInfo(useAfterFirstPaint());
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
