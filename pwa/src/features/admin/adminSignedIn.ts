/** What the coach is told once signed in: by the app's sign-in, or on the dashboard after the page's. */
export const ADMIN_SIGNED_IN = { title: 'Login successful', description: 'Welcome to the admin dashboard' };
