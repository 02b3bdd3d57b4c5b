/** Who books: her name and e-mail fill the booking page's form, her reference ties the session to her. */
export interface Booker {
  name: string;
  email: string;
  memberRef: string;
}

/**
 * The booking page's address for a signed-in member: Calendly prefills `name` and `email` and
 * passes `utm_content` on in its webhook; Cal.com (on its own host or the coach's) prefills the
 * same and passes `metadata[memberRef]` on.
 */
export function bookingLink(base: string, booker: Booker | undefined): string {
  if (!booker) return base;
  const url = new URL(base);
  url.searchParams.set('name', booker.name);
  url.searchParams.set('email', booker.email);
  const calendly = url.hostname === 'calendly.com' || url.hostname.endsWith('.calendly.com');
  url.searchParams.set(calendly ? 'utm_content' : 'metadata[memberRef]', booker.memberRef);
  return url.toString();
}
