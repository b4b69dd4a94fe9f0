import { ProgressBar } from '../../../ui/progress-bar';
import { SURVEY_STEPS } from '../lib/survey-form';

const STEP_NAMES = ['Team name', 'Team size', 'Tools', 'Problem statement'];

/** 'Step N of 4', the step's name and the progress bar. */
export function SurveyProgress({ step }: { step: number }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-3 text-[13px]">
        <span className="tabular font-medium text-fg">
          Step {step} of {SURVEY_STEPS}
        </span>
        <span className="text-muted">{STEP_NAMES[step - 1]}</span>
      </div>
      <ProgressBar value={(step / SURVEY_STEPS) * 100} label="Survey progress" />
    </div>
  );
}
