export function SectionHeading({
  eyebrow,
  title,
  id,
}: {
  eyebrow: string;
  title: string;
  id?: string;
}) {
  return (
    <div className="mb-8 flex flex-col gap-4">
      <p className="flex items-center gap-3 font-semibold text-brand">
        <span aria-hidden="true" className="h-10 w-5 rounded bg-brand" />
        {eyebrow}
      </p>
      <h2 id={id} className="text-2xl font-semibold tracking-wide md:text-4xl">
        {title}
      </h2>
    </div>
  );
}
