import type { Logger } from '@coach/kit';
import { ensureAccount } from '../accounts/service.ts';
import { startJourney } from '../profile/service.ts';

/** A username from the e-mail's local part (coach@example.com -> coach). */
function usernameFrom(email: string): string {
  const base = email
    .split('@')[0]
    .toLowerCase()
    .replace(/[^a-z0-9_.-]/g, '')
    .slice(0, 20);
  return base.length >= 3 ? base : 'admin';
}

/**
 * The first admin, from ADMIN_EMAIL / ADMIN_PASSWORD: created when no account has that e-mail,
 * otherwise left alone (its password is not reset). A member account that already holds the
 * e-mail is not promoted: whoever chose its password would become admin.
 */
export async function ensureAdmin(
  admin: { email: string; password: string; name: string },
  logger: Logger,
): Promise<void> {
  const email = admin.email.trim().toLowerCase();
  const { user, created } = await ensureAccount(
    { ...admin, email, username: usernameFrom(email), role: 'admin' },
    startJourney,
  );
  if (created) logger.info({ userId: user._id }, 'admin account created');
  else if (user.role !== 'admin') {
    logger.error(
      { userId: user._id },
      'ADMIN_EMAIL belongs to a member account; it was not made admin. Set another ADMIN_EMAIL.',
    );
  }
}
