/** One step of a breadcrumb trail: a link, or (the last, without `href`) the page itself. */
export type Crumb = { label: string; href?: string };

/** The trail above a public page's title: Home / App / this page; `label` names it, in the page's language. */
export function Breadcrumb({ trail, label }: { trail: Crumb[]; label: string }) {
  return (
    <nav aria-label={label} className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1.5">
        {trail.map((step, i) => (
          <li key={`${i}-${step.label}`} className="flex items-center gap-1.5">
            {i > 0 && <span aria-hidden="true">/</span>}
            {step.href ? (
              <a href={step.href} className="hover:text-foreground">
                {step.label}
              </a>
            ) : (
              <span aria-current="page" className="text-foreground">
                {step.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
