/** The heading and short introduction every home section opens with. */
export function SectionHeading({ id, title, intro }: { id: string; title: string; intro?: string }) {
  return (
    <div className="mb-6 flex flex-col gap-2">
      <h2 id={id} className="text-2xl font-bold text-base-content sm:text-3xl">
        {title}
      </h2>
      {intro ? <p className="max-w-3xl text-base-content/75">{intro}</p> : null}
    </div>
  );
}
