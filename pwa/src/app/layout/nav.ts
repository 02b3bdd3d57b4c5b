/** Main navigation of the public area, in order. */
export const MAIN_NAV = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/coaching', label: 'Coaching' },
  { to: '/testimonials', label: 'Testimonials' },
  { to: '/blog', label: 'Blog' },
  { to: '/ask-ai', label: 'Ask AI' },
  { to: '/contact', label: 'Contact' },
] as const;

/** Links only a signed-in user sees: desktop and mobile labels differ. */
export const MEMBER_NAV = [
  { to: '/community', desktop: 'Community', mobile: 'Sacred Circle' },
  { to: '/profile', desktop: 'Profile', mobile: 'My Profile' },
] as const;

/** The way back to the coach's workspace, for an admin only. */
export const ADMIN_LINK = { to: '/admin/dashboard', label: 'Admin' } as const;
