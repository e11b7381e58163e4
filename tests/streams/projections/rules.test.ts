import { describe, expect, it } from 'vitest'
import { reachesReducers } from '@streams/projections'
import {
  selectOnCdnWatch,
  selectProcessesCmd,
  selectTopic,
  recordingStatusText,
} from '@streams/selectors'
import { CDN_AUDIENCE_CMDS, Cmd } from '@streams/wire/channel'
import { asHost, byHost, fold, inRoom, member, msg } from '../fixtures'

describe('projection screens', () => {
  const join = (uids: string[], layoutCount?: number, projectionId = 'p1') =>
    msg(Cmd.joinProjection, {
      ...byHost,
      projectionId,
      uids,
      ...(layoutCount === undefined ? {} : { layoutCount }),
    })
  const edit = (layoutCount: number, uids = ['300']) =>
    msg(Cmd.editProjection, { ...byHost, projectionId: 'p1', uids, layoutCount })

  it('[PROJ-1] the projection layout count only decreases', () => {
    const s = fold(asHost(), join(['200'], 6), edit(4), edit(9), edit(2))
    expect(s.projection.screens.get('p1')?.layoutCount).toBe(2)
    expect(
      fold(asHost(), join(['200'], 6), edit(9)).projection.screens.get('p1')?.layoutCount,
    ).toBe(6)
  })

  it('[PROJ-2] empty projection id or uids are ignored', () => {
    const s = fold(asHost(), join([], 4), join(['200'], 4, ''))
    expect(s.projection.screens.size).toBe(0)
    const kept = fold(asHost(), join(['200'], 4), edit(2, []))
    expect(kept.projection.screens.get('p1')).toMatchObject({ uids: ['200'], layoutCount: 4 })
  })

  it("[PROJ-3] a deleted projection address shows 'That projection address has been deleted' and redirects after 2000 ms", () => {
    const projection = inRoom({ me: { uid: '900', role: 4, screenId: 'p1' } })
    const s = fold(projection, msg(Cmd.deleteProjection, { ...byHost, projectionId: 'p1' }))
    expect(s.ui.toasts.map((t) => [t.level, t.key])).toEqual([['warning', 'projectionDeleted']])
    expect(s.ui.redirect).toMatchObject({ to: '/home', delay: 2000, due: false })
    const other = fold(projection, msg(Cmd.deleteProjection, { ...byHost, projectionId: 'p2' }))
    expect(other.ui.redirect).toBeNull()
  })

  it('[PROJ-4] the host ignores watch-type changes and deleted projections; audiences ignore joined projections', () => {
    const host = fold(
      asHost(),
      join(['200']),
      msg(Cmd.deleteProjection, { ...byHost, projectionId: 'p1' }),
    )
    expect(host.projection.screens.has('p1')).toBe(true)
    expect(
      fold(asHost(), msg(Cmd.audienceWatchTypeChange, { ...byHost, audienceWatchType: 2 })).room
        ?.audienceWatchType,
    ).toBe(1)
    expect(fold(inRoom(), join(['300'])).projection.screens.size).toBe(0)
    expect(
      fold(inRoom(), msg(Cmd.audienceWatchTypeChange, { ...byHost, audienceWatchType: 2 })).room
        ?.audienceWatchType,
    ).toBe(2)
  })
})

describe('messaging rules', () => {
  const cdn = () => inRoom({ me: { role: 3 } })

  it('[MSG-5] an audience on CDN watch processes only the whitelisted commands; the others are logged but change nothing', () => {
    expect(selectOnCdnWatch(cdn())).toBe(true)
    expect(selectOnCdnWatch(inRoom())).toBe(false)
    expect(selectOnCdnWatch(inRoom({ room: { audienceWatchType: 2 } }))).toBe(true)
    expect(
      selectOnCdnWatch(inRoom({ room: { audienceWatchType: 2 }, me: { enableVideo: 1 } })),
    ).toBe(false)
    // A projection display (role 4) is no audience: it shows video whatever the watch type.
    expect(
      selectOnCdnWatch(
        inRoom({ room: { audienceWatchType: 2 }, me: { role: 4, enableAudio: 0, enableVideo: 0 } }),
      ),
    ).toBe(false)
    expect([...CDN_AUDIENCE_CMDS].sort((a, b) => a - b)).toEqual([
      1, 8, 9, 12, 13, 14, 15, 16, 18, 19, 21, 22, 23, 24, 26, 27, 29, 41,
    ])
    const layout = msg(Cmd.layout, { ...byHost, layout: 'p_9_1', positions: [], largeUid: '' })
    const state = cdn()
    expect(reachesReducers(state, layout)).toBe(false)
    expect(fold(state, layout)).toBe(state)
    expect(fold(state, msg(Cmd.giveLike, { ...byHost, likeTotal: 3 })).live.likeTotal).toBe(3)
    expect(selectProcessesCmd(state, Cmd.userState)).toBe(false)
    expect(selectProcessesCmd(state, Cmd.chat)).toBe(true)
    // in the room, everything is processed
    expect(fold(inRoom(), layout).layout.layout).toBe('p_9_1')
  })

  it('[MSG-6] a message about a missing audience is logged but changes nothing', () => {
    const s = inRoom()
    const ghost = msg(Cmd.userState, { ...byHost, uid: 'ghost', enableAudio: 1 })
    expect(ghost.type).toBe('msg/userStateChanged')
    expect(fold(s, ghost)).toBe(s)
    expect(fold(s, msg(Cmd.joinName, { ...byHost, uid: 'ghost', name: 'Boo' }))).toBe(s)
  })

  it('[MSG-8] non-host users get the robRed and sendRed tools on a red-packet message', () => {
    const red = msg(Cmd.redPacket, { ...byHost, luckyMoneyId: 'lm1' })
    expect(fold(inRoom(), red).business.tools).toEqual(['robRed', 'sendRed'])
    expect(fold(inRoom(), red, red).business.tools).toEqual(['robRed', 'sendRed'])
    expect(fold(asHost(), red).business.tools).toEqual([])
  })

  it('[MSG-9] MemberJoined adds a member, MemberLeft removes it, MemberCountUpdated sets the count, AttributesUpdated is a fact', () => {
    let s = fold(inRoom(), { type: 'rtm/memberJoined', uid: '777' })
    expect(s.users.audiences.get('777')).toMatchObject({ uid: '777', userState: 1 })
    s = fold(
      s,
      { type: 'rtm/memberLeft', uid: '777' },
      { type: 'rtm/memberCountUpdated', count: 9 },
    )
    expect([s.users.audiences.has('777'), s.session.onlineCount]).toEqual([false, 9])
    const sharing = fold(
      inRoom(),
      msg(Cmd.screenShare, { ...byHost, uid: '300', screenShare: 1 }),
      { type: 'rtm/memberLeft', uid: '300' },
    )
    expect([sharing.users.shareScreenUsers.size, sharing.conference.shareScreen]).toEqual([0, 0])
  })

  it('[MSG-10] each business type shows its toast or dialog', () => {
    const business = (
      type: 'lucky' | 'signIn' | 'liquorOfInviting' | 'liquorOfRespect' | 'cheers',
    ) => msg(Cmd.nxBusiness, { userId: 'u3', userName: 'Cat', type, targetName: 'Dan' })
    const s = fold(
      inRoom(),
      business('lucky'),
      business('signIn'),
      business('liquorOfInviting'),
      business('liquorOfRespect'),
      business('cheers'),
    )
    expect(s.ui.dialogs).toEqual([])
    expect(s.ui.toasts.map((t) => [t.key, t.params.userName, t.params.targetName])).toEqual([
      ['business.lucky', 'Cat', 'Dan'],
      ['business.signIn', 'Cat', 'Dan'],
      ['business.liquorOfInviting', 'Cat', 'Dan'],
      ['business.liquorOfRespect', 'Cat', 'Dan'],
      ['business.cheers', 'Cat', 'Dan'],
    ])
  })

  it('[MSG-11] the meeting topic: 0 and 1 are base, 2 is newYear', () => {
    expect(
      [0, 1, 2].map((meetingTopic) => selectTopic(inRoom({ room: { meetingTopic } as never }))),
    ).toEqual(['base', 'base', 'newYear'])
    expect(selectTopic(fold(inRoom(), msg(Cmd.roomInfo, { ...byHost, meetingTopic: 2 })))).toBe(
      'newYear',
    )
    expect(selectTopic(fold(inRoom(), msg(Cmd.roomInfo, { ...byHost, meetingTopic: 1 })))).toBe(
      'base',
    )
  })

  it('[REC-3] a playback status code reads as its status string', () => {
    expect([0, 1, 2, 3, 4, 5].map(recordingStatusText)).toEqual([
      'recording',
      'finished',
      'server preparing download',
      'convert',
      'save',
      undefined,
    ])
  })
})

describe('screen share', () => {
  const screen = (uid: string, on: 0 | 1) =>
    msg(Cmd.screenShare, { ...byHost, uid, screenShare: on })

  it('[SCREEN-1] screenShare 1 starts a share; 0 clears all sharers', () => {
    const s = fold(inRoom(), screen('300', 1), screen('200', 1))
    expect(s.users.shareScreenUsers.keys().sort()).toEqual(['200', '300'])
    const off = fold(s, screen('300', 0))
    expect([off.users.shareScreenUsers.size, off.conference.shareScreen]).toEqual([0, 0])
  })

  it('[SCREEN-2] a member sharing the screen stops it on leaving', () => {
    const s = fold(
      inRoom(),
      screen('300', 1),
      msg(Cmd.memberChanged, { ...byHost, type: 'leave', member: member('300') }),
    )
    expect([s.users.shareScreenUsers.size, s.conference.shareScreen]).toEqual([0, 0])
  })

  it('[SCREEN-3] the full-screen share view is exited when sharing stops', () => {
    const s = fold(inRoom(), screen('300', 1), { type: 'ui/fullscreenShareToggled', on: true })
    expect(s.ui.fullscreenShare).toBe(true)
    expect(fold(s, screen('300', 0)).ui.fullscreenShare).toBe(false)
  })
})
