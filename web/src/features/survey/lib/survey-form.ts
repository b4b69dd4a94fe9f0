import {
  SURVEY_COMPANY_SIZES,
  SURVEY_OTHER_TOOL_MAX,
  SURVEY_TOOLS,
  SURVEY_TOOLS_MAX,
  type SurveyCompanySize,
  type SurveyTool,
  type SurveyView,
  uniqueNames,
} from '@overlap/contract/onboarding';

export const SURVEY_STEPS = 4;
export const TEAM_NAME_MIN = 2;

/** The survey as the page edits it: every answer present, nothing optional. */
export interface SurveyDraft {
  teamName: string;
  companySize: SurveyCompanySize | null;
  tools: SurveyTool[];
  otherTools: string[];
  problemStatement: string;
}

const isCompanySize = (value: unknown): value is SurveyCompanySize =>
  SURVEY_COMPANY_SIZES.includes(value as SurveyCompanySize);
const isTool = (value: unknown): value is SurveyTool => SURVEY_TOOLS.includes(value as SurveyTool);

/** The saved survey as a draft; the team name falls back to the account name (spec §3). */
export function draftFromSaved(saved: SurveyView | undefined, accountName: string): SurveyDraft {
  return {
    teamName: saved?.teamName?.trim() || accountName,
    companySize: isCompanySize(saved?.companySize) ? saved.companySize : null,
    tools: sortTools((saved?.tools ?? []).filter(isTool)),
    otherTools: uniqueNames((saved?.otherTools ?? []).map((t) => t.trim()).filter(Boolean)),
    problemStatement: saved?.problemStatement ?? '',
  };
}

export const isTeamNameValid = (name: string) => name.trim().length >= TEAM_NAME_MIN;

/** Whether the answers of `step` (1-4) let the visitor go on. */
export function canContinue(step: number, draft: SurveyDraft): boolean {
  if (step === 1) return isTeamNameValid(draft.teamName);
  if (step === 2) return draft.companySize !== null;
  if (step === 3) return draft.tools.length > 0 || draft.otherTools.length > 0;
  return true;
}

/** Tools in the order the page lists them, so saved lists don't depend on click order. */
function sortTools(tools: SurveyTool[]): SurveyTool[] {
  return SURVEY_TOOLS.filter((tool) => tools.includes(tool));
}

export function toggleTool(tools: SurveyTool[], tool: SurveyTool): SurveyTool[] {
  return tools.includes(tool) ? tools.filter((t) => t !== tool) : sortTools([...tools, tool]);
}

type AddOtherToolResult = { ok: true; otherTools: string[] } | { ok: false; error: string | null };

/**
 * Adds a typed tool name: trimmed, not empty, not already listed (as another tool or one of the
 * listed tools, ignoring case). An empty entry is refused without a message.
 */
export function addOtherTool(otherTools: string[], input: string): AddOtherToolResult {
  const name = input.trim();
  if (!name) return { ok: false, error: null };
  const key = name.toLowerCase();
  const listed = SURVEY_TOOLS.find((tool) => tool.toLowerCase() === key);
  if (listed) return { ok: false, error: `${listed} is in the list above; select it there.` };
  if (otherTools.some((tool) => tool.toLowerCase() === key)) {
    return { ok: false, error: `${name} is already added.` };
  }
  if (name.length > SURVEY_OTHER_TOOL_MAX) {
    return { ok: false, error: `A tool name can be at most ${SURVEY_OTHER_TOOL_MAX} characters.` };
  }
  if (otherTools.length >= SURVEY_TOOLS_MAX) {
    return { ok: false, error: `You can add at most ${SURVEY_TOOLS_MAX} other tools.` };
  }
  return { ok: true, otherTools: [...otherTools, name] };
}

export const removeOtherTool = (otherTools: string[], name: string) => otherTools.filter((tool) => tool !== name);
