import { describe, expect, it } from 'vitest'
import { selectChatMessages } from '@streams/selectors'
import { Cmd } from '@streams/wire/channel'
import { asHost, byHost, fold, inRoom, member, msg } from '../fixtures'

/** Each channel command is decoded, validated and reaches the projections it changes. */
describe('channel commands reach their projections', () => {
  it('[CMD-1] chat: the line is added to the chat', () => {
    const s = fold(inRoom(), msg(Cmd.chat, { ...byHost, message: 'welcome' }, '100'))
    expect(selectChatMessages(s).map((m) => m.text)).toEqual(['welcome'])
  })

  it('[CMD-2] member changed: a joiner is added, an update changes it, a leaver is removed', () => {
    let s = fold(
      inRoom(),
      msg(Cmd.memberChanged, { ...byHost, type: 'join', member: member('400') }),
    )
    expect(s.users.audiences.get('400')?.userName).toBe('Name 400')
    s = fold(
      s,
      msg(Cmd.memberChanged, {
        ...byHost,
        type: 'update',
        member: member('400', { userName: 'Zoe' }),
      }),
    )
    expect(s.users.audiences.get('400')?.userName).toBe('Zoe')
    s = fold(s, msg(Cmd.memberChanged, { ...byHost, type: 'leave', member: member('400') }))
    expect(s.users.audiences.has('400')).toBe(false)
  })

  it('[CMD-3] room info: the changed fields reach the room and the conference', () => {
    const s = fold(inRoom(), msg(Cmd.roomInfo, { ...byHost, roomName: 'Renamed', muteAllChat: 1 }))
    expect(s.room?.roomName).toBe('Renamed')
    expect(s.conference.muteAllChat).toBe(1)
  })

  it('[CMD-4] user state: the member flags change, mine too', () => {
    const s = fold(
      inRoom(),
      msg(Cmd.userState, { ...byHost, uid: '200', enableVideo: 1, code: 104 }),
    )
    expect(s.users.audiences.get('200')?.enableVideo).toBe(1)
    expect(s.me?.enableVideo).toBe(1)
  })

  it('[CMD-5] share board: share on sets shareBoard; a grant gives the member the board', () => {
    let s = fold(
      inRoom(),
      msg(Cmd.shareBoard, { ...byHost, kind: 'share', shareBoard: 1, boardId: 'b1' }),
    )
    expect([s.conference.shareBoard, s.conference.boardId]).toEqual([1, 'b1'])
    s = fold(s, msg(Cmd.shareBoard, { ...byHost, kind: 'grant', uid: '300', grantBoard: 1 }))
    expect(s.users.audiences.get('300')?.grantBoard).toBe(1)
    expect(s.users.shareBoardUsers.keys()).toEqual(['300'])
  })

  it('[CMD-6] screen share: the sharer is added and shareScreen is 1', () => {
    const s = fold(inRoom(), msg(Cmd.screenShare, { ...byHost, uid: '300', screenShare: 1 }))
    expect(s.users.shareScreenUsers.has('300')).toBe(true)
    expect(s.conference.shareScreen).toBe(1)
  })

  it('[CMD-7] host changed: roles swap between the groups', () => {
    const s = fold(
      inRoom(),
      msg(Cmd.hostChanged, { ...byHost, oldHostUid: '100', newHostUid: '300' }),
    )
    expect(s.users.hosts.keys()).toEqual(['300'])
    expect(s.users.audiences.get('100')?.role).toBe(2)
  })

  it('[CMD-8] kick: the kicked member is out of the roster', () => {
    const s = fold(inRoom(), msg(Cmd.kickOut, { ...byHost, uid: '300' }))
    expect(s.users.audiences.has('300')).toBe(false)
  })

  it('[CMD-9] like: the like total', () => {
    const s = fold(inRoom(), msg(Cmd.giveLike, { userId: 'u9', userName: 'N', likeTotal: 41 }))
    expect(s.live.likeTotal).toBe(41)
  })

  it('[CMD-10] layout: layout, positions and large uid', () => {
    const s = fold(
      inRoom(),
      msg(Cmd.layout, {
        ...byHost,
        layout: 'p_9_1',
        positions: [{ uid: '300', type: 'right' }],
        largeUid: '300',
      }),
    )
    expect([s.layout.layout, s.layout.positions.get('300'), s.layout.largeUid]).toEqual([
      'p_9_1',
      'right',
      '300',
    ])
  })

  it('[CMD-11] main screen: the main screen uid', () => {
    const s = fold(inRoom(), msg(Cmd.mainScreen, { ...byHost, mainScreenUid: '300' }))
    expect(s.conference.mainScreenUid).toBe('300')
  })

  it('[CMD-12] live type: the open-live flag', () => {
    const s = fold(inRoom(), msg(Cmd.liveTypeChanged, { ...byHost, openLive: 1 }))
    expect(s.live.openLive).toBe(1)
  })

  it('[CMD-13] meeting end: decoded and reaching the reducers (the end flow is an effect)', () => {
    const event = msg(Cmd.meetingEnd, { ...byHost, reason: 'host' })
    expect(event).toMatchObject({ type: 'msg/meetingEnded', data: { reason: 'host' } })
    // the fold keeps its state for the effect that ends the session (tests/streams/effects)
    expect(fold(inRoom(), event).session.phase).toBe('inRoom')
  })

  it('[CMD-14] join projection: a host sees the projection screen', () => {
    const s = fold(
      asHost(),
      msg(Cmd.joinProjection, { ...byHost, projectionId: 'p1', uids: ['200'], layoutCount: 4 }),
    )
    expect(s.projection.screens.get('p1')).toMatchObject({ uids: ['200'], layoutCount: 4 })
  })

  it('[CMD-15] delete projection: the projection screen goes', () => {
    const s0 = inRoom({ me: { uid: '900', role: 4, screenId: 'p1' } })
    const s = fold(
      s0,
      msg(Cmd.joinProjection, { ...byHost, projectionId: 'p1', uids: ['300'] }),
      msg(Cmd.deleteProjection, { ...byHost, projectionId: 'p1' }),
    )
    expect(s.projection.screens.has('p1')).toBe(false)
    expect(s.projection.deleted).toBe(true)
  })

  it('[CMD-16] edit projection: new uids and layout count', () => {
    const s = fold(
      asHost(),
      msg(Cmd.joinProjection, { ...byHost, projectionId: 'p1', uids: ['200'], layoutCount: 4 }),
      msg(Cmd.editProjection, { ...byHost, projectionId: 'p1', uids: ['300'], layoutCount: 2 }),
    )
    expect(s.projection.screens.get('p1')).toMatchObject({ uids: ['300'], layoutCount: 2 })
  })

  it('[CMD-17] dom info: the document centre shows the document and page', () => {
    const s = fold(inRoom(), msg(Cmd.domInfo, { ...byHost, fileId: 'f1', page: 3, total: 9 }))
    expect(s.business.dom).toMatchObject({ fileId: 'f1', page: 3, total: 9 })
  })

  it('[CMD-18] business: the last business message and its toast', () => {
    const s = fold(inRoom(), msg(Cmd.nxBusiness, { userId: 'u3', userName: 'Cat', type: 'cheers' }))
    expect(s.business.last?.type).toBe('cheers')
    expect(s.ui.toasts.map((t) => t.key)).toEqual(['business.cheers'])
  })

  it('[CMD-19] red packet: the lucky-money drawing is open', () => {
    const s = fold(inRoom(), msg(Cmd.redPacket, { ...byHost, luckyMoneyId: 'lm1' }))
    expect(s.business.redPacket?.luckyMoneyId).toBe('lm1')
    expect(s.conference.showLuckyMoney).toBe(1)
  })

  it('[CMD-20] end host share: decoded for the sharer (its effect stops the share)', () => {
    const event = msg(Cmd.endHostShare, { ...byHost, uid: '200' })
    expect(event).toMatchObject({ type: 'msg/hostShareEnded', data: { uid: '200' } })
  })

  it('[CMD-21] refresh: every client is asked to reload', () => {
    const s = fold(inRoom(), msg(Cmd.refreshPage, { ...byHost }))
    expect(s.business.reloadRequested).toBe(true)
  })

  it('[CMD-22] watch type: the audience watch type', () => {
    const s = fold(inRoom(), msg(Cmd.audienceWatchTypeChange, { ...byHost, audienceWatchType: 2 }))
    expect(s.room?.audienceWatchType).toBe(2)
  })

  it('[CMD-23] goods: the goods detail shows, and hides again', () => {
    let s = fold(
      inRoom(),
      msg(Cmd.showGoodsDetail, { ...byHost, goodsId: 'g1', goodsImg: 'g.png' }),
    )
    expect(s.business.goods?.goodsId).toBe('g1')
    s = fold(s, msg(Cmd.showGoodsDetail, { ...byHost, goodsId: 'g1', show: false }))
    expect(s.business.goods).toBeNull()
  })

  it('[CMD-24] hot: users amount and hot number', () => {
    const s = fold(
      inRoom(),
      msg(Cmd.usersAmountAndHotChange, { userId: '', userName: '', usersAmount: 120, hotNum: 999 }),
    )
    expect([s.live.usersAmount, s.live.hotNum, s.conference.totalPeople]).toEqual([120, 999, 120])
  })

  it('[CMD-25] confirm inactive: the warning dialog', () => {
    const s = fold(
      inRoom(),
      msg(Cmd.confirmInactiveRoom, { userId: '', userName: '', seconds: 60 }),
    )
    expect(s.ui.dialogs.map((d) => [d.kind, d.params.seconds])).toEqual([['inactiveWarning', 60]])
  })

  it('[CMD-26] exit inactive: decoded and reaching the reducers (the exit is an effect)', () => {
    expect(msg(Cmd.exitInactiveRoom, { userId: '', userName: '' })).toMatchObject({
      type: 'msg/inactiveExited',
    })
  })

  it('[CMD-27] live state: PAUSE is applied', () => {
    const s = fold(asHost(), msg(Cmd.liveStateChanges, { ...byHost, liveState: 2 }))
    expect(s.live.liveState).toBe(2)
  })

  it('[CMD-28] cancel popup: the inactive warning is hidden', () => {
    const s = fold(
      inRoom(),
      msg(Cmd.confirmInactiveRoom, { userId: '', userName: '' }),
      msg(Cmd.cancelPopupOfInactiveRoom, { userId: '', userName: '' }),
    )
    expect(s.ui.dialogs).toEqual([])
  })

  it('[CMD-29] converter: the converter state', () => {
    const s = fold(
      inRoom(),
      msg(Cmd.converterStateChange, {
        userId: '',
        userName: '',
        converterState: 1,
        converterMob: 1,
      }),
    )
    expect([s.live.converterState, s.live.converterMob]).toEqual([1, 1])
  })

  it('[CMD-30] recording: the recording state', () => {
    const s = fold(
      asHost(),
      msg(Cmd.recordingStateChange, { userId: '', userName: '', recordingState: 1 }),
    )
    expect(s.room?.recordingState).toBe(1)
  })

  it('[CMD-31] join name: the member shows its new name', () => {
    const s = fold(
      inRoom(),
      msg(Cmd.joinName, { userId: 'user-300', userName: 'Name 300', uid: '300', name: 'Tom' }),
    )
    expect(s.users.audiences.get('300')?.userName).toBe('Tom')
  })

  it('[CMD-41] answer question: the answer box opens with the question', () => {
    const s = fold(
      inRoom(),
      msg(Cmd.answerTheQuestion, {
        ...byHost,
        questionId: 'q1',
        simpleOrder: 2,
        showTime: 10,
        standingSecond: 30,
      }),
    )
    expect(s.quiz.current?.questionId).toBe('q1')
    expect(s.quiz.boxOpen).toBe(true)
  })
})
