import { defer, map, of, timer, type Observable } from 'rxjs'
import type { Member } from '@streams/wire/member'
import type { UserPageData, UserPageQuery } from '@streams/wire/rest/user-page'
import { member } from '../fixtures'

/**
 * A room's member list served as the server serves it (GET user/page): in one order (here by
 * uid, all of one length), by number (an offset, with the count) or after a cursor (the key of
 * the page's last member, no count), each page as the room is when the request reaches it.
 * Members come and go between pages (`leave`, `arrive`); `asked` records every query.
 */
export function listedRoom(count: number, first = 1000) {
  const present: Member[] = Array.from({ length: count }, (_, i) => member(String(first + i)))
  const asked: UserPageQuery[] = []

  function page(query: UserPageQuery): UserPageData {
    const size = query.size ?? 100
    const from = query.after ? present.filter((m) => m.uid > query.after!.slice(1)) : present
    const offset = query.after ? 0 : ((query.page ?? 1) - 1) * size
    const list = from.slice(offset, offset + size)
    const last = list[list.length - 1]
    const more = from.length > offset + size
    return {
      list,
      ...(query.after ? {} : { total: present.length }),
      page: query.after ? 0 : (query.page ?? 1),
      size,
      ...(more && last ? { next: `k${last.uid}` } : {}),
    }
  }

  return {
    present,
    asked,
    /** The answer to a query, `delay` frames after it is sent (the page as of its arrival). */
    loadUsers:
      (delay = 0) =>
      (...args: unknown[]): Observable<UserPageData> => {
        const query = (args[1] ?? {}) as UserPageQuery
        asked.push(query)
        return delay === 0
          ? defer(() => of(page(query)))
          : timer(delay).pipe(map(() => page(query)))
      },
    leave(uid: string) {
      const i = present.findIndex((m) => m.uid === uid)
      if (i >= 0) present.splice(i, 1)
    },
    arrive(uid: string) {
      present.push(member(uid))
      present.sort((a, b) => (a.uid < b.uid ? -1 : 1))
    },
  }
}
