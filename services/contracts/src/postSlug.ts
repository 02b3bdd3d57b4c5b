// A post's address, free of zod: the app's first chunk reads it (through the route table).

/** A post's slug: lower-case words and digits joined by single dashes (what slugify makes). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The longest slug an address may carry. */
export const MAX_SLUG_LENGTH = 255;
