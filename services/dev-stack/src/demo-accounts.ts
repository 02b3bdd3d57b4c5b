/** The first admin the development stack starts the members service with (documented in the README). */
export const DEMO_ADMIN = { email: 'coach@example.com', password: 'Awaken-2025!' };
export { DEMO_MEMBER } from '@coach/contracts';
