import type { Envelope } from '../core/envelope'
import type { Event } from '../events'
import { asList, type Envelopes } from './envelopes'

/**
 * Who is who in a log: the uids, user ids and names that stand for one person, learnt from the
 * records that carry several of them together (a member record: uid, userId, userName). Lets
 * the user filter find, from a name, the events that carry only a uid, and from a uid, those
 * that carry only the name.
 */
export interface PeopleDirectory {
  /** Every name, uid and user id of the people a query names (lower case). */
  resolve(query: string): ReadonlySet<string>
}

const ID_KEYS = ['uid', 'userId', 'userName'] as const

export function buildPeopleDirectory(envelopes: Envelopes): PeopleDirectory {
  const list = asList(envelopes)
  // union-find over identifiers seen together in one record
  const parent = new Map<string, string>()
  const find = (x: string): string => {
    let root = x
    while (parent.get(root) !== root) root = parent.get(root) as string
    let at = x
    while (at !== root) {
      const next = parent.get(at) as string
      parent.set(at, root)
      at = next
    }
    return root
  }
  const add = (x: string) => {
    if (!parent.has(x)) parent.set(x, x)
  }
  const union = (ids: string[]) => {
    for (const id of ids) add(id)
    for (let i = 1; i < ids.length; i++) {
      const a = find(ids[0] as string)
      const b = find(ids[i] as string)
      if (a !== b) parent.set(b, a)
    }
  }
  const visit = (value: unknown, depth: number) => {
    if (value === null || typeof value !== 'object' || depth > 3) return
    if (Array.isArray(value)) {
      for (const inner of value) visit(inner, depth + 1)
      return
    }
    const record = value as Record<string, unknown>
    const ids: string[] = []
    for (const key of ID_KEYS) {
      const v = record[key]
      if ((typeof v === 'string' && v !== '') || typeof v === 'number')
        ids.push(String(v).toLowerCase())
    }
    // a record with a uid and a name (or a user id) ties them; a bare name alone ties nothing
    if (ids.length > 1 && (record.uid !== undefined || record.userId !== undefined)) union(ids)
    for (const inner of Object.values(record)) visit(inner, depth + 1)
  }
  for (let i = 0; i < list.length; i++) visit((list.at(i) as Envelope<Event>).event, 0)

  const members = new Map<string, string[]>()
  for (const id of parent.keys()) {
    const root = find(id)
    const list = members.get(root)
    if (list) list.push(id)
    else members.set(root, [id])
  }
  return {
    resolve(query) {
      const q = query.trim().toLowerCase()
      const out = new Set<string>()
      if (q === '') return out
      for (const [id] of parent) {
        if (!id.includes(q)) continue
        for (const same of members.get(find(id)) ?? []) out.add(same)
      }
      return out
    },
  }
}
