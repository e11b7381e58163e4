import {
  defer,
  EMPTY,
  expand,
  ignoreElements,
  map,
  merge,
  take,
  tap,
  toArray,
  type Observable,
} from 'rxjs'
import type { Event } from '../events'
import type { RestPort } from '../ports'
import type { UserPageData, UserPageQuery } from '../wire/rest/user-page'
import { once } from './errors'

/** The member list's page size: the largest the service gives ([ENTRY-2]). */
export const ROSTER_PAGE = 500
/** The most pages read for one whole list (100,000 members): a bound, not a limit in practice. */
export const ROSTER_MAX_PAGES = 200

/** A page of the list with the room's count (a page read by cursor has its read's first one). */
export type RosterPage = UserPageData & { readonly total: number }

const emptyPage = (page: number): UserPageData => ({ list: [], total: 0, page, size: ROSTER_PAGE })

/**
 * The member list, page by page. Everyone reads the first page; a host, whose list stays whole
 * in a crowd (the service tells a crowd's arrivals to the hosts only), reads every page, one
 * after another, each after the last member of the page before (its `next`), so a host entering
 * or coming back to a room of 10,000 has all of them, not the first 500, and a member present for
 * the whole read is listed exactly once, whoever comes or goes meanwhile. The pages come as they
 * arrive; the first failure ends the read (the caller reports it).
 */
export function rosterPages(
  rest: Pick<RestPort, 'loadUsers'>,
  roomId: string,
  whole: boolean,
): Observable<RosterPage> {
  const read = (query: UserPageQuery, total: number) =>
    once(() => rest.loadUsers(roomId, query)).pipe(
      map((answer): RosterPage => {
        const page = answer ?? emptyPage(query.page ?? 0)
        return { ...page, total: page.total ?? total }
      }),
    )
  return read({ page: 1, size: ROSTER_PAGE }, 0).pipe(
    expand((page, i) =>
      whole && page.next !== undefined && i + 1 < ROSTER_MAX_PAGES
        ? read({ size: ROSTER_PAGE, after: page.next }, page.total)
        : EMPTY,
    ),
  )
}

/**
 * Whether pages read in order hold the whole room: the last says none follow (a first page
 * answered without a cursor must also list its whole total).
 */
export function holdsRoom(pages: readonly RosterPage[]): boolean {
  const last = pages[pages.length - 1]
  if (!last || last.next !== undefined) return false
  return pages.length > 1 || last.list.length >= last.total
}

/**
 * The uids an event says arrived in the room, or moved in the list's order (a role change): a
 * read by cursor may pass them by, so a whole list without them does not mean they left.
 */
export function arrivalsOf(e: Event): readonly string[] {
  switch (e.type) {
    case 'rtm/memberJoined':
      return [e.uid]
    case 'msg/memberChanged':
      return e.data.type === 'leave' ? [] : [e.data.member.uid]
    case 'msg/hostChanged':
      return [e.data.oldHostUid, e.data.newHostUid]
    case 'rest/hostSet':
      return [e.oldHostUid, e.newHostUid]
    default:
      return []
  }
}

/** The uids an event says left the room: a page read before may still list them. */
export function departuresOf(e: Event): readonly string[] {
  switch (e.type) {
    case 'rtm/memberLeft':
    case 'rest/userKicked':
      return [e.uid]
    case 'msg/memberChanged':
      return e.data.type === 'leave' ? [e.data.member.uid] : []
    case 'msg/kickedOut':
      return [e.data.uid]
    default:
      return []
  }
}

/**
 * The roster read again (after a reconnection) as one rest/rosterResynced, with what the room
 * told while it was read (the last word for each member): `left`, whom a page read before may
 * still list, and for a whole list `arrived`, the members told arriving (or moving) whom the
 * list may miss though present; members it misses otherwise left during the gap. A list not
 * whole (pages left unread) is `paged`: nobody is judged gone from it.
 */
export function rosterResync(
  event$: Observable<Event>,
  rest: Pick<RestPort, 'loadUsers'>,
  roomId: string,
  whole: boolean,
): Observable<Event> {
  return defer(() => {
    const arrived = new Set<string>()
    const left = new Set<string>()
    const watch$ = event$.pipe(
      tap((e) => {
        for (const uid of arrivalsOf(e)) {
          arrived.add(uid)
          left.delete(uid)
        }
        for (const uid of departuresOf(e)) {
          left.add(uid)
          arrived.delete(uid)
        }
      }),
      ignoreElements(),
    )
    const read$ = rosterPages(rest, roomId, whole).pipe(
      toArray(),
      map((pages): Event => ({
        type: 'rest/rosterResynced',
        users: pages.flatMap((p) => p.list),
        total: pages[0]?.total ?? 0,
        ...(holdsRoom(pages) ? { arrived: [...arrived] } : { paged: true as const }),
        ...(left.size > 0 ? { left: [...left] } : {}),
      })),
    )
    return merge(watch$, read$).pipe(take(1))
  })
}
