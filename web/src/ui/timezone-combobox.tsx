import { useMemo, useState } from 'react';
import { Combobox, type ComboboxOption, type ComboboxProps } from './combobox';

/** Every IANA timezone the browser knows, with UTC first. */
export function listTimezones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}

/** 'GMT+2', 'GMT-4:30' or 'GMT' for a zone right now; empty when the zone is unknown. */
function utcOffsetLabel(timeZone: string, at: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(at);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

function buildOptions(withOffsets: boolean): ComboboxOption[] {
  const now = new Date();
  return listTimezones().map((zone) => ({
    value: zone,
    label: zone.replaceAll('_', ' '),
    description: withOffsets ? utcOffsetLabel(zone, now) : undefined,
    keywords: zone,
  }));
}

type TimezoneComboboxProps = Omit<ComboboxProps, 'options' | 'searchPlaceholder' | 'emptyText'>;

/** An IANA timezone picker (Intl.supportedValuesOf('timeZone')) with search and UTC offsets. */
export function TimezoneCombobox({ placeholder = 'Select a timezone', onOpenChange, ...props }: TimezoneComboboxProps) {
  const [opened, setOpened] = useState(false);
  const options = useMemo(() => buildOptions(opened), [opened]);
  return (
    <Combobox
      {...props}
      options={options}
      placeholder={placeholder}
      searchPlaceholder="Search timezones…"
      emptyText="No timezone matches"
      onOpenChange={(open) => {
        if (open) setOpened(true);
        onOpenChange?.(open);
      }}
    />
  );
}
