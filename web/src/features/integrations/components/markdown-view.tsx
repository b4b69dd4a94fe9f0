import type { ReactNode } from 'react';
import { type Block, type Inline, parseMarkdown } from '../lib/markdown';

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    const key = `${node.type}-${i}`;
    switch (node.type) {
      case 'text':
        return node.text;
      case 'strong':
        return <strong key={key}>{renderInline(node.children)}</strong>;
      case 'em':
        return <em key={key}>{renderInline(node.children)}</em>;
      case 'code':
        return (
          <code key={key} className="rounded bg-subtle px-1 py-0.5 font-mono text-[0.9em]">
            {node.text}
          </code>
        );
      case 'link':
        return (
          <a
            key={key}
            href={node.href}
            target="_blank"
            rel="noopener noreferrer"
            className="text-accent underline underline-offset-2 hover:no-underline"
          >
            {renderInline(node.children)}
          </a>
        );
      default:
        return null;
    }
  });
}

const headingClasses = {
  1: 'text-lg font-semibold',
  2: 'text-base font-semibold',
  3: 'text-sm font-semibold',
  4: 'text-sm font-medium',
} as const;

function renderBlock(block: Block, i: number): ReactNode {
  switch (block.type) {
    case 'heading': {
      // Headings sit under the page's h1 and the tab, so they start at h2.
      const Tag = (['h2', 'h3', 'h4', 'h5'] as const)[block.level - 1] ?? 'h5';
      return (
        <Tag key={i} className={`${headingClasses[block.level]} text-fg`}>
          {renderInline(block.children)}
        </Tag>
      );
    }
    case 'paragraph':
      return <p key={i}>{renderInline(block.children)}</p>;
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List key={i} className={block.ordered ? 'list-decimal pl-5' : 'list-disc pl-5'}>
          {block.items.map((item, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity beyond their position
            <li key={j}>{renderInline(item)}</li>
          ))}
        </List>
      );
    }
    case 'code':
      return (
        <pre key={i} className="overflow-x-auto rounded-md bg-subtle p-3 font-mono text-[13px]">
          <code>{block.text}</code>
        </pre>
      );
  }
}

/** Markdown rendered as React elements only: text can never become HTML. */
export function MarkdownView({ source }: { source: string }) {
  return (
    <div className="flex max-w-prose flex-col gap-3 text-sm leading-6 text-fg">
      {parseMarkdown(source).map(renderBlock)}
    </div>
  );
}
