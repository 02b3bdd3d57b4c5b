export * from './blog.ts';
export * from './site.ts';
export * from './chat.ts';
export * from './errors.ts';
export * from './members.ts';
export * from './events.ts';
export * from './safety.ts';
export * from './writing.ts';
