import { describe, expect, it } from 'vitest'
import { selectPowers } from '../../../src/web/screens/meeting/members/MemberActions'
import { selectTiles } from '../../../src/web/screens/meeting/video/tiles'
import { asHost, inRoom, member } from '../../streams/fixtures'

describe('meeting selectors memoised per store', () => {
  it("the live meeting's tiles and powers and a replay's are each kept while the other is read", () => {
    const live = asHost({ members: [member('300', { enableVideo: 1 })] })
    const replay = inRoom({ members: [member('100', { role: 1 }), member('301')] })
    const liveTiles = selectTiles(live)
    const replayTiles = selectTiles(replay)
    expect(replayTiles).not.toBe(liveTiles)
    expect(selectTiles(live)).toBe(liveTiles)
    expect(selectTiles(replay)).toBe(replayTiles)
    expect(replayTiles.large?.uid).toBe('100')

    const livePowers = selectPowers(live)
    const replayPowers = selectPowers(replay)
    expect(livePowers.kick).toBe(true)
    expect(replayPowers.kick).toBe(false)
    expect(selectPowers(live)).toBe(livePowers)
    expect(selectPowers(replay)).toBe(replayPowers)
    // Equal powers from another state are the same object (a member row does not re-render).
    expect(selectPowers(asHost())).toBe(livePowers)
  })
})
