import { ArrowRight, Plus, RefreshCw, Settings, Trash2 } from 'lucide-react';
import { Button, ButtonLink } from '../../../ui/button';
import { CopyButton } from '../../../ui/copy-button';
import { IconButton } from '../../../ui/icon-button';
import { Kbd } from '../../../ui/kbd';
import { Spinner } from '../../../ui/spinner';
import { Example, Section } from './section';

export function ButtonsSection() {
  return (
    <Section id="buttons" title="Buttons" description="One primary action per view; danger only for destructive ones.">
      <Example label="Variants · md">
        <Button variant="primary" icon={<Plus />}>
          Add integration
        </Button>
        <Button variant="secondary">Secondary</Button>
        <Button variant="ghost">Ghost</Button>
        <Button variant="danger" icon={<Trash2 />}>
          Delete
        </Button>
      </Example>
      <Example label="Variants · sm">
        <Button size="sm" variant="primary">
          Save
        </Button>
        <Button size="sm" variant="secondary">
          Cancel
        </Button>
        <Button size="sm" variant="ghost">
          Ghost
        </Button>
        <Button size="sm" variant="danger">
          Remove
        </Button>
      </Example>
      <Example label="States">
        <Button variant="primary" loading>
          Saving
        </Button>
        <Button variant="secondary" loading>
          Refreshing
        </Button>
        <Button variant="primary" disabled>
          Disabled
        </Button>
        <Button variant="secondary" disabled>
          Disabled
        </Button>
      </Example>
      <Example label="Links, icon buttons, copy, keys, spinner">
        <ButtonLink to="/styleguide#buttons" variant="secondary" icon={<ArrowRight />}>
          Button link
        </ButtonLink>
        <IconButton label="Refresh" icon={<RefreshCw />} />
        <IconButton label="Settings" icon={<Settings />} variant="secondary" />
        <IconButton label="Delete" icon={<Trash2 />} size="sm" />
        <CopyButton value="ovl_live_3f9c2a7b" label="Copy API key" />
        <span className="inline-flex items-center gap-1 text-sm text-muted">
          Close with <Kbd>Esc</Kbd>, submit with <Kbd>↵</Kbd>
        </span>
        <Spinner label="Loading" className="text-accent" />
      </Example>
    </Section>
  );
}
