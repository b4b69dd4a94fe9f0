import { useSystemInfo } from '../../../api/session';
import { formatDateTime } from '../../../lib/format-time';
import { Card, CardContent, CardHeader } from '../../../ui/card';
import { Skeleton } from '../../../ui/skeleton';

export function SystemInfoCard() {
  const info = useSystemInfo();
  return (
    <Card>
      <CardHeader title="System" />
      <CardContent>
        {info.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : info.isError ? (
          <p className="text-sm text-muted">System information is not available right now.</p>
        ) : (
          <dl className="divide-y divide-line text-sm">
            {[
              ['Environment', info.data.environment],
              ['Server time', formatDateTime(info.data.serverTime, { precision: 'seconds' })],
              ['Version', info.data.buildInfo.version],
              ['Deployed', formatDateTime(info.data.buildInfo.deploymentTime)],
            ].map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4 py-2.5">
                <dt className="text-muted">{label}</dt>
                <dd className="tabular truncate font-medium text-fg">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
