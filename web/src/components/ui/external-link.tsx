import type { AnchorHTMLAttributes } from 'react';
import { externalLinkProps } from '@/lib/links';

/** A link that opens in a new tab without giving the target page access to this one. */
export function ExternalLink(props: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'target' | 'rel'>) {
  return <a {...props} {...externalLinkProps} />;
}
