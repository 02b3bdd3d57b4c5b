// The profile's query keys, which a new Circle post makes stale.
export { PROFILE_KEY } from './queries.ts';
