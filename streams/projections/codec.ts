import { PMap } from '../core/pmap'
import { PVec } from '../core/pvec'
import { initialState } from './index'
import type { State } from './state'
import { audioOnOf } from './users'
import type { Member } from '../wire/member'

type Json = Record<string, unknown>

const obj = (value: unknown): Json =>
  value !== null && typeof value === 'object' ? (value as Json) : {}
const map = <V>(value: unknown): PMap<V> => PMap.fromObject(obj(value) as Record<string, V>)

/**
 * Rebuilds a State from its JSON form (a log snapshot, a checkpoint file): JSON turns the
 * persistent maps into objects and the chat into an array; this turns them back. Slices missing
 * from an older snapshot take their initial value.
 */
export function stateFromJson(value: unknown): State {
  const json = obj(value)
  const slice = <K extends keyof State>(key: K): State[K] =>
    (key in json ? json[key] : initialState[key]) as State[K]
  const users = obj(json.users)
  const audiences = map<Member>(users.audiences)
  const layout = obj(json.layout)
  const media = obj(json.media)
  const chat = obj(json.chat)
  const projection = obj(json.projection)
  const requests = obj(json.requests)
  return {
    // fields added since an older snapshot take their initial value
    session: { ...initialState.session, ...obj(json.session) } as State['session'],
    profile: slice('profile'),
    me: slice('me'),
    room: slice('room'),
    conference: slice('conference'),
    users: {
      hosts: map(users.hosts),
      audiences,
      shareBoardUsers: map(users.shareBoardUsers),
      shareScreenUsers: map(users.shareScreenUsers),
      // derived, so a snapshot from before it was kept reads the same
      audioOn: audioOnOf(audiences),
    },
    layout: { ...initialState.layout, ...layout, positions: map(layout.positions) },
    board: slice('board'),
    media: { ...initialState.media, ...media, remote: map(media.remote) },
    devices: slice('devices'),
    live: slice('live'),
    chat: { messages: PVec.from(Array.isArray(chat.messages) ? chat.messages : []) },
    business: { ...initialState.business, ...obj(json.business) } as State['business'],
    quiz: { ...initialState.quiz, ...obj(json.quiz) } as State['quiz'],
    projection: { ...initialState.projection, ...projection, screens: map(projection.screens) },
    requests: {
      applications: map(requests.applications),
      invitations: map(requests.invitations),
      sent: map(requests.sent),
    },
    ui: slice('ui'),
  } as State
}
