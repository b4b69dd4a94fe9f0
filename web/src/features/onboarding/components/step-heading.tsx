export function StepHeading({ step, title, description }: { step: number; title: string; description: string }) {
  return (
    <header>
      <p className="text-xs font-medium tracking-wide text-accent-text uppercase">Step {step} of 2</p>
      <h1 className="mt-1 text-xl font-semibold tracking-tight text-fg sm:text-2xl">{title}</h1>
      <p className="mt-1.5 max-w-2xl text-sm text-muted">{description}</p>
    </header>
  );
}
