import { useSavePreferences } from '../../../api/preferences';
import { browserTimeZone, browserUses12Hour, formatTime, setTimePreferences } from '../../../lib/format-time';
import { useTimePreferences } from '../../../lib/use-time-preferences';
import { Card, CardContent, CardHeader } from '../../../ui/card';
import { Field } from '../../../ui/field';
import { Select } from '../../../ui/select';
import { TimezoneCombobox } from '../../../ui/timezone-combobox';
import { toast } from '../../../ui/toaster';

const BROWSER = 'browser';

/** 12- or 24-hour time and the timezone every date and time of the app is shown in. */
export function TimePreferencesCard() {
  const prefs = useTimePreferences();
  const save = useSavePreferences();
  const browserFormat = browserUses12Hour() ? '12-hour' : '24-hour';
  const apply = (body: Parameters<typeof save.mutate>[0]) =>
    save.mutate(body, {
      onSuccess: (me) => {
        setTimePreferences({ timeFormat: me.timeFormat, timeZone: me.timeZone });
        toast.success('Time display saved');
      },
      onError: (err) => toast.error('Failed to save the time display', { description: err.message }),
    });

  return (
    <Card>
      <CardHeader
        title="Time display"
        description={`Every date and time in Overlap follows these. Now: ${formatTime(Date.now(), { prefs })}.`}
      />
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <Field label="Time format">
          <Select
            value={prefs.timeFormat ?? BROWSER}
            onValueChange={(v) => apply({ timeFormat: v === BROWSER ? null : (v as '12h' | '24h') })}
            options={[
              { value: BROWSER, label: `Browser default (${browserFormat})` },
              { value: '24h', label: '24-hour (14:05)' },
              { value: '12h', label: '12-hour (2:05 PM)' },
            ]}
          />
        </Field>
        <Field label="Timezone" hint={prefs.timeZone ? undefined : `Browser default: ${browserTimeZone()}`}>
          <div className="flex min-w-0 items-center gap-2">
            <TimezoneCombobox
              value={prefs.timeZone ?? browserTimeZone()}
              onValueChange={(zone) => apply({ timeZone: zone })}
              className="min-w-0 flex-1"
            />
            {prefs.timeZone ? (
              <button
                type="button"
                className="shrink-0 text-[13px] font-medium text-accent-text underline underline-offset-2 hover:no-underline"
                onClick={() => apply({ timeZone: null })}
              >
                Use browser's
              </button>
            ) : null}
          </div>
        </Field>
      </CardContent>
    </Card>
  );
}
