import { SURVEY_TEAM_NAME_MAX } from '@overlap/contract/onboarding';
import { useState } from 'react';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { isTeamNameValid, TEAM_NAME_MIN } from '../lib/survey-form';

interface TeamNameStepProps {
  value: string;
  onChange: (value: string) => void;
}

/** Step 1. Enter submits the wizard's form, which advances only when the name is valid. */
export function TeamNameStep({ value, onChange }: TeamNameStepProps) {
  const [touched, setTouched] = useState(false);
  const invalid = touched && !isTeamNameValid(value);
  return (
    <Field
      label="Team name"
      hint={`At least ${TEAM_NAME_MIN} characters.`}
      error={invalid ? `Team name must be at least ${TEAM_NAME_MIN} characters.` : undefined}
    >
      <Input
        value={value}
        maxLength={SURVEY_TEAM_NAME_MAX}
        autoComplete="organization"
        autoFocus
        onChange={(event) => {
          setTouched(true);
          onChange(event.target.value);
        }}
        onBlur={() => setTouched(true)}
        className="h-10 text-[15px]"
      />
    </Field>
  );
}
