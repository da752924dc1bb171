import type { AnchorHTMLAttributes } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To };

/**
 * An in-app link: a real <a href> that navigates without a reload (a modified or middle click
 * still opens a tab). React Router's own Link also carries its framework-mode prefetching, about
 * 2 KB brotli on every first load that this app never uses.
 */
export function Link({ to, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(e) => {
        onClick?.(e);
        if (!e.defaultPrevented) navigate(e);
      }}
    />
  );
}

type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** Active only on this exact path, not on the paths under it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
};

/** A Link that knows whether it points at the current page (aria-current="page"), as React Router's NavLink. */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const current = useLocation().pathname.toLowerCase();
  const target = useResolvedPath(to).pathname.toLowerCase();
  const isActive = current === target || (!end && current.startsWith(target) && current.charAt(target.length) === '/');
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
