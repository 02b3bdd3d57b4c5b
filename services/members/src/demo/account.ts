/**
 * The demo member SEED_DEMO creates (documented in the README): a module with no imports, so the
 * development stack and the tests can sign in as her without loading the service.
 */
export const DEMO_MEMBER = { email: 'member@example.com', password: 'Seeker-2025!' };
