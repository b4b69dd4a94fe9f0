import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { Select } from '../../../ui/select';
import {
  DEFAULT_MIN_DURATION_HOURS,
  MIN_DURATION_HIGHEST,
  MIN_DURATION_LOWEST,
  MIN_DURATION_STEP,
  parseMinDuration,
} from '../lib/min-duration';
import { type MonthOption, parseMonthValue } from '../lib/months';

export interface DetectRequest {
  month: MonthOption;
  minDurationHours: number;
}

interface DetectFormProps {
  months: readonly MonthOption[];
  detecting: boolean;
  onDetect: (request: DetectRequest) => void;
}

/**
 * Month, minimum duration and the Detect action. The browser's own number validation is off
 * (noValidate) so an unusable duration falls back to 8 hours, as the spec asks, instead of blocking.
 */
export function DetectForm({ months, detecting, onDetect }: DetectFormProps) {
  const [monthValue, setMonthValue] = useState(months[0]?.value ?? '');
  const [hours, setHours] = useState(String(DEFAULT_MIN_DURATION_HOURS));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const month = parseMonthValue(monthValue);
    if (!month) return;
    const minDurationHours = parseMinDuration(hours);
    setHours(String(minDurationHours));
    onDetect({ month, minDurationHours });
  };

  return (
    <Card>
      <form
        onSubmit={submit}
        noValidate
        aria-label="Detect long blocks and gaps"
        className="flex flex-col gap-4 px-5 py-4 sm:flex-row sm:items-start"
      >
        <Field label="Month" className="sm:w-52">
          <Select
            options={months.map((m) => ({ value: m.value, label: m.label }))}
            value={monthValue}
            onValueChange={setMonthValue}
          />
        </Field>
        <Field label="Minimum duration (hours)" hint="0.5 or more, in steps of 0.5" className="sm:w-56">
          <Input
            type="number"
            inputMode="decimal"
            min={MIN_DURATION_LOWEST}
            max={MIN_DURATION_HIGHEST}
            step={MIN_DURATION_STEP}
            value={hours}
            onChange={(event) => setHours(event.target.value)}
            className="tabular"
          />
        </Field>
        <Button type="submit" variant="primary" icon={<Search />} loading={detecting} className="sm:mt-[26px]">
          Detect
        </Button>
      </form>
    </Card>
  );
}
