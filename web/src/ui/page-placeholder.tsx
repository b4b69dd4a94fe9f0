/** The title of a page whose screen is built by a later piece of work. */
export function PagePlaceholder({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
    </div>
  );
}
