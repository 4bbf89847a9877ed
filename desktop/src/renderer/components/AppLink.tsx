import { Link } from '@fluentui/react-components';
import type { MouseEvent, ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';

/** A Fluent link that navigates inside the app without a page load. */
export function AppLink({ to, children }: { to: string; children: ReactNode }) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Link href={href} onClick={(event: MouseEvent<HTMLAnchorElement>) => onClick(event)}>
      {children}
    </Link>
  );
}
