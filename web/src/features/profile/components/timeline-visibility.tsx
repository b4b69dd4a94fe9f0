import { EyeOff } from 'lucide-react';
import { Card, CardContent, CardHeader } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';

/** People hidden from the timeline on this browser, with a way to show them again. */
export function TimelineVisibility() {
  return (
    <Card>
      <CardHeader title="Timeline visibility" description="People you hid from the timeline on this browser." />
      <CardContent>
        <EmptyState icon={EyeOff} description="You haven't hidden anyone from the timeline." />
      </CardContent>
    </Card>
  );
}
