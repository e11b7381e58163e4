import { createSelector } from 'reselect'
import type { State } from '../projections'
import type { LanguageStream } from '../ports/rest-types'
import type { RemoteVolumes } from '../ports/media'

/**
 * How loud the room plays under the interpreter one listens to: 20 of 100, as the live stream's
 * interpreted languages mix it (0.2, about -14 dB).
 */
export const INTERPRETATION_ROOM_VOLUME = 20

/** The room's interpreted languages: those a member of the room interprets. */
export const selectInterpretedLanguages: (s: State) => readonly LanguageStream[] = createSelector(
  [(s: State) => s.live.liveUrls],
  (streams) => streams.filter((s) => s.interpreterUid !== ''),
)

/**
 * The language I listen to: the one I chose, while it still has an interpreter other than me;
 * else the original sound (null).
 */
export const selectListening = (s: State): LanguageStream | null =>
  selectInterpretedLanguages(s).find(
    (l) => l.streamId === s.live.interpretation && l.interpreterUid !== s.me?.uid,
  ) ?? null

const EVERYONE: RemoteVolumes = { room: 100, users: {} }

/**
 * What I hear in the meeting, as remote voices' volumes (Zoom's interpretation): on the original
 * sound, the room, the interpreters silent; on a language, its interpreter, the room lowered
 * under them and the other interpreters silent. With no interpreter, everyone at full volume.
 */
export const selectRemoteVolumes: (s: State) => RemoteVolumes = createSelector(
  [selectInterpretedLanguages, selectListening, (s: State) => s.me?.uid ?? ''],
  (languages, listening, me): RemoteVolumes => {
    const interpreters = new Set(languages.map((l) => l.interpreterUid))
    interpreters.delete(me)
    if (interpreters.size === 0) return EVERYONE
    const users: Record<string, number> = {}
    for (const uid of interpreters) users[uid] = 0
    if (!listening) return { room: 100, users }
    users[listening.interpreterUid] = 100
    return { room: INTERPRETATION_ROOM_VOLUME, users }
  },
)
