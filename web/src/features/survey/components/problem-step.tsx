import { SURVEY_PROBLEM_MAX } from '@overlap/contract/onboarding';
import { Field } from '../../../ui/field';
import { Textarea } from '../../../ui/textarea';

interface ProblemStepProps {
  value: string;
  onChange: (value: string) => void;
}

/** Step 4: optional free text. */
export function ProblemStep({ value, onChange }: ProblemStepProps) {
  return (
    <Field
      label="Problem statement"
      hint={
        <span className="tabular">
          {value.length} / {SURVEY_PROBLEM_MAX} characters
        </span>
      }
    >
      <Textarea
        value={value}
        rows={6}
        maxLength={SURVEY_PROBLEM_MAX}
        placeholder="For example: we never know when our teammates in other time zones are around."
        onChange={(event) => onChange(event.target.value)}
        className="resize-y"
      />
    </Field>
  );
}
