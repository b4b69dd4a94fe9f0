import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TimelineToolbar } from './timeline-toolbar';

/** An item's text without its sample mark (hidden from assistive technology). */
const labelOf = (item: HTMLElement) =>
  [...item.childNodes]
    .filter((node) => !(node instanceof Element && node.getAttribute('aria-hidden') === 'true'))
    .map((node) => node.textContent)
    .join('');

describe('TimelineToolbar', () => {
  it("names every mark of the timeline in its legend, the events' count badge included", () => {
    render(<TimelineToolbar order="name" onOrder={() => {}} onShortcuts={() => {}} />);
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => labelOf(item)),
    ).toEqual([
      'Actual',
      'Predicted',
      'Confidence (fainter is less sure)',
      'Events (commits, edits)',
      'Events close together',
    ]);
  });
});
