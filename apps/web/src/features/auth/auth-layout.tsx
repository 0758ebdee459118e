import type { ReactNode, SyntheticEvent } from 'react';
import { CartIcon } from '../../components/ui/icons';

/** The sign-up and log-in frame: a picture panel beside the form on wide screens. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-12 lg:grid-cols-[1fr_minmax(0,26rem)] lg:py-16 lg:pe-16">
      <div
        aria-hidden="true"
        className="hidden h-[32rem] items-center justify-center rounded-e bg-[#cbe4e8] lg:flex"
      >
        <div className="flex size-64 items-center justify-center rounded-full bg-white/60 text-brand">
          <CartIcon width={128} height={128} />
        </div>
      </div>
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-3">
          <h1 className="text-3xl font-semibold md:text-4xl">{title}</h1>
          <p>{subtitle}</p>
        </div>
        {children}
      </div>
    </div>
  );
}

/** An error from the server, announced when it appears. */
function FormAlert({ message }: { message: string | undefined }) {
  return (
    <p
      role="alert"
      className={message ? 'rounded bg-brand/10 px-4 py-3 text-sm text-brand' : 'sr-only'}
    >
      {message}
    </p>
  );
}

/** An auth page's form: no browser checks (the schema says it in words), the server's error on top. */
export function AuthForm({
  onSubmit,
  serverError,
  children,
}: {
  onSubmit: (event: SyntheticEvent) => Promise<void>;
  serverError: string | undefined;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      <FormAlert message={serverError} />
      {children}
    </form>
  );
}
