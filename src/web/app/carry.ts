/**
 * [ROUTE-9] Query parameters carried across screens: roomId (also roomid), qihuiId (also
 * qihuiid) and share (1 = arrived by a share link). They are read under either spelling and
 * written back under the canonical one.
 */
const CARRIED: readonly (readonly [canonical: string, aliases: readonly string[]])[] = [
  ['roomId', ['roomId', 'roomid']],
  ['qihuiId', ['qihuiId', 'qihuiid']],
  ['share', ['share']],
]

export interface Carried {
  readonly roomId?: string
  readonly qihuiId?: string
  /** True when the user arrived by a share link (share=1). */
  readonly share?: boolean
}

/** The carried parameters of a query string, canonical names, empty values dropped. */
export function carriedParams(search: string): URLSearchParams {
  const from = new URLSearchParams(search)
  const out = new URLSearchParams()
  for (const [canonical, aliases] of CARRIED) {
    const value = aliases.map((a) => from.get(a)).find((v) => v !== null && v !== '')
    if (value != null) out.set(canonical, value)
  }
  return out
}

export function readCarried(search: string): Carried {
  const params = carriedParams(search)
  return {
    roomId: params.get('roomId') ?? undefined,
    qihuiId: params.get('qihuiId') ?? undefined,
    share: params.has('share') ? params.get('share') === '1' : undefined,
  }
}

/**
 * A target path with the carried parameters of `fromSearch` added, unless the target sets them
 * itself. Other parameters of the current screen are not carried.
 */
export function withCarried(to: string, fromSearch: string): string {
  const [pathAndQuery = '', hash = ''] = to.split('#', 2)
  const [path = '', query = ''] = pathAndQuery.split('?', 2)
  const params = new URLSearchParams(query)
  const own = carriedParams(query)
  for (const [name, value] of carriedParams(fromSearch)) {
    if (!own.has(name)) params.set(name, value)
  }
  // Aliases in the target are normalised too.
  for (const [canonical, aliases] of CARRIED) {
    for (const alias of aliases) if (alias !== canonical) params.delete(alias)
    const value = own.get(canonical)
    if (value != null) params.set(canonical, value)
  }
  const search = params.toString()
  return `${path}${search ? `?${search}` : ''}${hash ? `#${hash}` : ''}`
}
