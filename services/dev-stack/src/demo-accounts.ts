/**
 * The demo accounts the embedded mode seeds (documented in the README). A module of its own,
 * with no imports, so the members service can seed them without loading the embedded toolkit.
 */
export const DEMO_ADMIN = { email: 'coach@example.com', password: 'Awaken-2025!' };
export const DEMO_MEMBER = { email: 'member@example.com', password: 'Seeker-2025!' };
