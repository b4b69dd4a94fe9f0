import type { SurveyTool } from '@overlap/contract/onboarding';
import { OtherToolsInput } from './other-tools-input';
import { ToolChips } from './tool-chips';

interface ToolsStepProps {
  tools: SurveyTool[];
  otherTools: string[];
  onToggleTool: (tool: SurveyTool) => void;
  onOtherToolsChange: (otherTools: string[]) => void;
  labelledBy: string;
}

/** Step 3: at least one listed tool or one other tool. */
export function ToolsStep({ tools, otherTools, onToggleTool, onOtherToolsChange, labelledBy }: ToolsStepProps) {
  const chosen = tools.length + otherTools.length;
  return (
    <div className="flex flex-col gap-6">
      <ToolChips selected={tools} onToggle={onToggleTool} labelledBy={labelledBy} />
      <OtherToolsInput value={otherTools} onChange={onOtherToolsChange} />
      <p className="tabular text-[13px] text-muted" aria-live="polite">
        {chosen === 0
          ? 'Choose at least one tool to continue.'
          : `${chosen} ${chosen === 1 ? 'tool' : 'tools'} selected`}
      </p>
    </div>
  );
}
