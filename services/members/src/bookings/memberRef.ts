import { signedIds } from '../signing.ts';

/**
 * The member reference a signed-in member's booking links carry (`<user id>-<tag>`): the tag is a
 * keyed hash of the id, so a reference cannot be made up to put a session on someone else's count.
 */
export function createMemberRefs(key: string) {
  const refs = signedIds(key, 'booking-member', { separator: '-', tagLength: 22, id: /^\d{1,12}$/ });
  return {
    refOf: (userId: number) => refs.sign(String(userId)),
    /** The member a reference names, or undefined when it is not one of ours. */
    userIdOf(ref: string | undefined): number | undefined {
      const id = refs.idOf(ref);
      return id === undefined ? undefined : Number(id);
    },
  };
}
export type MemberRefs = ReturnType<typeof createMemberRefs>;
