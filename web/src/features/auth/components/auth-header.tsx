import type { ReactNode } from 'react';

export function AuthHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 text-center">
      <h1 className="text-xl font-semibold tracking-tight text-fg">{title}</h1>
      {children ? <p className="mt-1.5 text-sm text-muted">{children}</p> : null}
    </div>
  );
}
