import { useLocation } from 'react-router';

/**
 * The members-only page that sent a visitor to sign in, so that signing in (or up, then in) takes
 * her back there. It travels in the router's state, never in the URL: no link can point it
 * elsewhere, and only a path of this site is taken.
 */
export interface ReturnTo {
  returnTo: string;
}

/** The page to go back to after signing in, if a members-only page sent the visitor here. */
export function useReturnTo(): string | undefined {
  const to = (useLocation().state as Partial<ReturnTo> | null)?.returnTo;
  return typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') ? to : undefined;
}
