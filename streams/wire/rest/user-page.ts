import { Type, type Static } from '@sinclair/typebox'
import { MemberSchema } from '../member'

/**
 * Where a read of the member list goes on: the key of the last member of the page before, as the
 * server wrote it (the client passes it back untouched). The list's order is role, arrival, uid;
 * a page after a key holds the members after it, whoever left or came before it meanwhile, so a
 * member present for a whole read is listed exactly once (an offset would shift when a member
 * before it leaves, and skip one).
 */
export const MemberCursorSchema = Type.String({ pattern: '^[A-Za-z0-9_-]{4,200}$' })

/**
 * GET room/{roomId}/user/page ([ENTRY-2]): by number (`page`, `size`: spec §7) or, for a whole
 * list, by cursor (`after`, the `next` of the page before; never with `page`).
 */
export const UserPageQuerySchema = Type.Object({
  role: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  after: Type.Optional(MemberCursorSchema),
})
export type UserPageQuery = Static<typeof UserPageQuerySchema>

export const UserPageDataSchema = Type.Object({
  list: Type.Array(MemberSchema),
  /**
   * Members present now (of the role asked), on a page asked by number; a page read by cursor
   * leaves it out (its read's first page counted them: counting a crowd costs more than a page).
   */
  total: Type.Optional(Type.Integer()),
  /** The page asked by number; 0 for a page read by cursor. */
  page: Type.Integer(),
  size: Type.Integer(),
  /** The cursor of the page's last member when more follow it; absent on the list's last page. */
  next: Type.Optional(MemberCursorSchema),
})
export type UserPageData = Static<typeof UserPageDataSchema>
