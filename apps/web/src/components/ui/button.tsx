import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'outline';

const variants: Record<Variant, string> = {
  primary: 'bg-brand text-white hover:bg-brand-dark disabled:bg-neutral-400',
  outline:
    'border border-neutral-400 bg-white text-neutral-900 hover:border-neutral-900 disabled:border-neutral-300 disabled:text-neutral-400',
};

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center gap-2 rounded px-8 py-3 text-sm font-medium transition-colors disabled:cursor-not-allowed ${variants[variant]} ${className}`}
      {...props}
    />
  );
}

/** Classes for a link styled as the primary button. */
export const primaryLinkClass =
  'inline-flex items-center justify-center rounded bg-brand px-8 py-3 text-sm font-medium text-white hover:bg-brand-dark';

/** Classes for a link styled as the outline button, beside a primary one. */
export const outlineLinkClass = `inline-flex items-center justify-center rounded px-8 py-3 text-sm font-medium ${variants.outline}`;
