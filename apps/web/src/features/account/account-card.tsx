import type { ReactNode } from 'react';

/** One section of the account page, reachable from the side menu by its id. */
export function AccountCard({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-6 rounded px-5 py-8 shadow-[0_1px_13px_rgba(0,0,0,0.05)] md:px-10"
    >
      <h2 id={`${id}-title`} className="mb-6 text-xl font-medium text-brand">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A success or failure line under a form, announced when it changes. */
export function FormStatus({ status }: { status: { ok: boolean; text: string } | undefined }) {
  return (
    <p
      role={status?.ok === false ? 'alert' : 'status'}
      className={status ? `text-sm ${status.ok ? 'text-green-700' : 'text-brand'}` : 'sr-only'}
    >
      {status?.text}
    </p>
  );
}
