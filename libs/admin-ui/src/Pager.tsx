// Previous / where / next links for a list whose page is in the URL (each page a history entry).
import { Link } from 'react-router-dom';

export interface PagerProps {
  page: number;
  pages: number;
  /** The link to a page (the list's other URL parameters kept). */
  pageLink(page: number): string;
  className: string;
  whereClassName?: string;
}

export function Pager({ page, pages, pageLink, className, whereClassName }: PagerProps) {
  const disabled = (label: string) => (
    <span className="sq-button sq-button--disabled" aria-disabled="true">
      {label}
    </span>
  );
  return (
    <nav className={className} aria-label="Pages">
      {page > 1 ? (
        <Link to={pageLink(Math.min(page - 1, pages))} className="sq-button" rel="prev">
          Previous page
        </Link>
      ) : (
        disabled('Previous page')
      )}
      <span className={whereClassName}>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={pageLink(page + 1)} className="sq-button" rel="next">
          Next page
        </Link>
      ) : (
        disabled('Next page')
      )}
    </nav>
  );
}
