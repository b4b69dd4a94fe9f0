/** The heading and one-line explanation of each step, in order. */
export const SURVEY_STEP_COPY = [
  { title: "What's your team called?", description: 'Four short questions about your team. Start with its name.' },
  { title: 'How big is your team?', description: 'Pick the size closest to yours.' },
  { title: 'Which tools does your team use?', description: 'Select every tool that applies, and add any we missed.' },
  { title: 'What problem do you want Overlap to solve?', description: 'Optional. A sentence or two is plenty.' },
] as const;
