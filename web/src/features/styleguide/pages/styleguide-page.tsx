import { ThemeSwitcher } from '../../../ui/theme-switcher';
import { ButtonsSection } from '../components/buttons-section';
import { DataSection } from '../components/data-section';
import { FeedbackSection } from '../components/feedback-section';
import { FormsSection } from '../components/forms-section';
import { IdentitySection } from '../components/identity-section';
import { OverlaysSection } from '../components/overlays-section';
import { TypeSection } from '../components/type-section';

const sections = [
  ['type', 'Type and colour'],
  ['buttons', 'Buttons'],
  ['forms', 'Forms'],
  ['overlays', 'Overlays'],
  ['feedback', 'Status'],
  ['data', 'Data'],
  ['people', 'People'],
] as const;

export default function StyleguidePage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-4 border-b border-line pb-6 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-fg">Styleguide</h1>
          <p className="mt-1 max-w-xl text-sm text-muted">
            Every building block of Overlap in each variant and state. Switch the theme to check both.
          </p>
        </div>
        <ThemeSwitcher className="w-full sm:w-72" />
      </div>
      <nav aria-label="Sections" className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {sections.map(([id, label]) => (
          <a key={id} href={`#${id}`} className="text-muted transition-colors hover:text-fg">
            {label}
          </a>
        ))}
      </nav>
      <div className="mt-8 flex flex-col gap-12">
        <TypeSection />
        <ButtonsSection />
        <FormsSection />
        <OverlaysSection />
        <FeedbackSection />
        <DataSection />
        <IdentitySection />
      </div>
    </div>
  );
}
