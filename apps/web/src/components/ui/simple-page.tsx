import type { ReactNode } from 'react';

/** A page that is a heading and some text, for pages whose full content is still being written. */
export function SimplePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-16">
      <h1 className="text-3xl font-semibold">{title}</h1>
      <div className="flex flex-col gap-3 text-muted">{children}</div>
    </div>
  );
}
