// home > page: the trail above every page but home.
import { Link } from "wouter";
import { useT } from "../i18n";

export type Crumb = { label: string; href?: string };

export function Breadcrumb({ trail }: { trail: Crumb[] }) {
  const t = useT();
  const all: Crumb[] = [{ label: t("page.index"), href: "/index" }, ...trail];
  return (
    <nav className="breadcrumb" aria-label={t("breadcrumb.label")}>
      <ol>
        {all.map((crumb, i) => (
          <li key={i}>
            {crumb.href && i < all.length - 1 ? (
              <Link href={crumb.href}>{crumb.label}</Link>
            ) : (
              <span aria-current={i === all.length - 1 ? "page" : undefined}>{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A page's head: breadcrumb and title. */
export function PageHead({ title, trail }: { title: string; trail?: Crumb[] }) {
  return (
    <div className="page-head">
      <Breadcrumb trail={trail ?? [{ label: title }]} />
      <h1 className="page-title">{title}</h1>
    </div>
  );
}
