import { concat, concatMap, from, map, of, type Observable } from 'rxjs'
import type { RestPort } from '../ports'
import type { UserPageData } from '../wire/rest/user-page'
import { once } from './errors'

/** The member list's page size: the largest the service gives ([ENTRY-2]). */
export const ROSTER_PAGE = 500
/** The most pages read for one whole list (100,000 members): a bound, not a limit in practice. */
export const ROSTER_MAX_PAGES = 200

const emptyPage = (page: number): UserPageData => ({ list: [], total: 0, page, size: ROSTER_PAGE })

/**
 * The member list, page by page. Everyone reads the first page; a host, whose list stays whole
 * in a crowd (the service tells a crowd's arrivals to the hosts only), reads every page, one
 * after another, so a host entering or coming back to a room of 10,000 has all of them, not the
 * first 500. The pages come as they arrive; the first failure ends the read (the caller reports it).
 */
export function rosterPages(
  rest: Pick<RestPort, 'loadUsers'>,
  roomId: string,
  whole: boolean,
): Observable<UserPageData> {
  const page = (n: number) =>
    once(() => rest.loadUsers(roomId, { page: n, size: ROSTER_PAGE })).pipe(
      map((answer) => answer ?? emptyPage(n)),
    )
  return page(1).pipe(
    concatMap((first) => {
      const size = first.size > 0 ? first.size : ROSTER_PAGE
      const pages = Math.min(ROSTER_MAX_PAGES, Math.ceil(first.total / size))
      if (!whole || pages <= 1 || first.list.length >= first.total) return of(first)
      const rest$ = from(Array.from({ length: pages - 1 }, (_, i) => i + 2)).pipe(concatMap(page))
      return concat(of(first), rest$)
    }),
  )
}
