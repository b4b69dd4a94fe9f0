import type { SurveyCompanySize, SurveyTool } from '@overlap/contract/onboarding';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { useSurveyAutosave } from '../api/use-survey-autosave';
import { canContinue, SURVEY_STEPS, type SurveyDraft, toggleTool } from '../lib/survey-form';
import { ProblemStep } from './problem-step';
import { SurveyProgress } from './survey-progress';
import { SURVEY_STEP_COPY } from './survey-steps';
import { TeamNameStep } from './team-name-step';
import { TeamSizeStep } from './team-size-step';
import { ToolsStep } from './tools-step';

/** Spec §9: step 2 moves on this long after a team size is picked. */
const AUTO_ADVANCE_MS = 300;

/** The four survey steps; every change is saved, Complete Survey stamps it done and opens /account. */
export function SurveyWizard({ initial }: { initial: SurveyDraft }) {
  const navigate = useNavigate();
  const { save, saveLater } = useSurveyAutosave();
  const [step, setStep] = useState(1);
  const [draft, setDraft] = useState(initial);
  const [completing, setCompleting] = useState(false);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const advanceTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const shownStep = useRef(step);

  const cancelAdvance = () => {
    if (advanceTimer.current) clearTimeout(advanceTimer.current);
    advanceTimer.current = null;
  };
  useEffect(
    () => () => {
      if (advanceTimer.current) clearTimeout(advanceTimer.current);
    },
    [],
  );

  // Announce each new step by moving focus to its heading; on opening, the team name field has it.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  const update = (changes: Partial<SurveyDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const ready = canContinue(step, draft);
  const last = step === SURVEY_STEPS;

  const goTo = (next: number) => {
    cancelAdvance();
    setStep(Math.min(SURVEY_STEPS, Math.max(1, next)));
  };

  const complete = async () => {
    setCompleting(true);
    await save({
      teamName: draft.teamName,
      companySize: draft.companySize ?? undefined,
      tools: draft.tools,
      otherTools: draft.otherTools,
      problemStatement: draft.problemStatement,
      completed: true,
    });
    navigate('/account');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || completing) return;
    if (last) void complete();
    else goTo(step + 1);
  };

  const pickSize = (companySize: SurveyCompanySize) => {
    update({ companySize });
    void save({ companySize });
  };
  const scheduleAdvance = () => {
    cancelAdvance();
    advanceTimer.current = setTimeout(() => setStep((current) => (current === 2 ? 3 : current)), AUTO_ADVANCE_MS);
  };

  const onToggleTool = (tool: SurveyTool) => {
    const tools = toggleTool(draft.tools, tool);
    update({ tools });
    void save({ tools });
  };
  const onOtherToolsChange = (otherTools: string[]) => {
    update({ otherTools });
    void save({ otherTools });
  };

  const copy = SURVEY_STEP_COPY[step - 1] ?? SURVEY_STEP_COPY[0];

  return (
    <div className="flex flex-col gap-6">
      <SurveyProgress step={step} />
      <Card>
        <form onSubmit={onSubmit} noValidate>
          <div className="flex flex-col gap-6 px-5 py-6 sm:px-8 sm:py-8">
            <div>
              <h1
                id={headingId}
                ref={headingRef}
                tabIndex={-1}
                className="text-xl font-semibold tracking-tight text-fg focus:outline-none sm:text-2xl"
              >
                {copy.title}
              </h1>
              <p className="mt-1.5 text-sm text-muted">{copy.description}</p>
            </div>
            {step === 1 ? (
              <TeamNameStep
                value={draft.teamName}
                onChange={(teamName) => {
                  update({ teamName });
                  saveLater({ teamName });
                }}
              />
            ) : step === 2 ? (
              <TeamSizeStep
                value={draft.companySize}
                onChange={pickSize}
                onPick={scheduleAdvance}
                labelledBy={headingId}
              />
            ) : step === 3 ? (
              <ToolsStep
                tools={draft.tools}
                otherTools={draft.otherTools}
                onToggleTool={onToggleTool}
                onOtherToolsChange={onOtherToolsChange}
                labelledBy={headingId}
              />
            ) : (
              <ProblemStep
                value={draft.problemStatement}
                onChange={(problemStatement) => {
                  update({ problemStatement });
                  saveLater({ problemStatement });
                }}
              />
            )}
          </div>
          <div className="flex items-center justify-between gap-3 border-t border-line px-5 py-4 sm:px-8">
            {step > 1 ? (
              <Button icon={<ArrowLeft />} onClick={() => goTo(step - 1)} disabled={completing}>
                Back
              </Button>
            ) : (
              <span />
            )}
            <Button
              type="submit"
              variant="primary"
              disabled={!ready}
              loading={completing}
              icon={last ? <Check /> : undefined}
            >
              {last ? 'Complete Survey' : 'Next'}
              {last ? null : <ArrowRight />}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
