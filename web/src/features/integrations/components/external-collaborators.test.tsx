import type { IntegrationEvents } from '@overlap/contract/integrations';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ExternalCollaborators } from './external-collaborators';

const event = (n: number): IntegrationEvents['events'][number] => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  kind: 'google_drive_external_collaboration',
  title: `Shared Doc ${n}`,
  timestamp: '2025-06-02T10:00:00.000Z',
  externalId: `e${n}`,
  personIdentifier: 'ada@acme.dev',
  url: null,
  metadata: {
    fileName: `Doc ${n}`,
    externalCollaborators: [{ emailAddress: `guest${n}@partner.org`, role: 'viewer' }],
  },
  person: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Ada', status: 'active' },
});

describe('ExternalCollaborators', () => {
  it("shows 8 collaborators, then '+N more' that shows the rest", async () => {
    render(<ExternalCollaborators events={Array.from({ length: 11 }, (_, i) => event(i + 1))} />);
    const list = screen.getByRole('region', { name: /External collaborators/ });
    expect(list).toHaveTextContent('External collaborators11');
    expect(screen.getAllByText(/^guest\d+@partner\.org$/)).toHaveLength(8);
    await userEvent.click(screen.getByRole('button', { name: '+3 more' }));
    expect(screen.getAllByText(/^guest\d+@partner\.org$/)).toHaveLength(11);
  });

  it('shows nothing without external sharing', () => {
    const { container } = render(<ExternalCollaborators events={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
