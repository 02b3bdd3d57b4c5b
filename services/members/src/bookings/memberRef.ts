import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The member reference a signed-in member's booking links carry (`<user id>-<tag>`): the tag is a
 * keyed hash of the id, so a reference cannot be made up to put a session on someone else's count.
 */
export function createMemberRefs(key: string) {
  const tagOf = (userId: number) =>
    createHmac('sha256', key).update(`booking-member:${userId}`).digest('base64url').slice(0, 22);
  return {
    refOf: (userId: number) => `${userId}-${tagOf(userId)}`,
    /** The member a reference names, or undefined when it is not one of ours. */
    userIdOf(ref: string | undefined): number | undefined {
      const match = ref ? /^(\d{1,12})-([\w-]{22})$/.exec(ref) : null;
      if (!match) return undefined;
      const userId = Number(match[1]);
      const expected = Buffer.from(tagOf(userId));
      const given = Buffer.from(match[2]!);
      return timingSafeEqual(expected, given) ? userId : undefined;
    },
  };
}
export type MemberRefs = ReturnType<typeof createMemberRefs>;
