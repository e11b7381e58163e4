import { of, throwError } from 'rxjs'
import { describe, expect, it } from 'vitest'
import {
  endMeetingEffect,
  kickEffect,
  hostChangedEffect,
  muteAllEffect,
  onlineCountEffect,
  setHostEffect,
} from '@streams/effects/moderation'
import { Cmd } from '@streams/wire/channel'
import { asHost, byHost, fold, inRoom, member, msg } from '../fixtures'
import { runEffects } from './harness'
import { PERMISSIONS } from '@streams/wire/permissions'

describe('host changes', () => {
  it('[HOST-1] making a user host sets the old host to 2 and the audience to 1, then sends hostChanged', () => {
    const h = runEffects(
      asHost(),
      [setHostEffect],
      (_h, at) => at(0, { type: 'ui/setHostClicked', uid: '300' }),
      { mode: 'agora' },
    )
    expect(h.calls('rest')).toEqual([
      [
        'rest.setHost',
        'r1',
        [
          { uid: '100', role: 2 },
          { uid: '300', role: 1 },
        ],
      ],
    ])
    expect(JSON.parse(h.calls('messaging')[0]?.[1] as string)).toMatchObject({
      cmd: 7,
      data: { oldHostUid: '100', newHostUid: '300' },
    })
    const s = h.store.getState()
    expect([s.users.hosts.keys(), s.users.audiences.get('100')?.role]).toEqual([['300'], 2])
  })

  it('[HOST-4] a host who hands over through the set-new-host action sets its own role to 2', () => {
    const h = runEffects(asHost(), [setHostEffect], (_h, at) =>
      at(0, { type: 'ui/setHostClicked', uid: '200' }),
    )
    expect(h.store.getState().me?.role).toBe(2)
  })

  it("[HOST-5] setting a new host needs the user in the audience list, else 'no matching audience'", () => {
    const h = runEffects(asHost(), [setHostEffect], (_h, at) =>
      at(0, { type: 'ui/setHostClicked', uid: '999' }),
    )
    expect(h.calls()).toEqual([])
    expect(h.seen.at(-1)?.event).toEqual({
      type: 'rule/refused',
      action: 'setHost',
      message: 'no matching audience',
    })
    expect(h.store.getState().ui.toasts.map((t) => t.key)).toEqual(['no matching audience'])
  })

  it('[HOST-2] receivers of hostChanged refetch the room', () => {
    const h = runEffects(inRoom(), [hostChangedEffect], (_h, at) =>
      at(0, msg(Cmd.hostChanged, { ...byHost, oldHostUid: '100', newHostUid: '200' })),
    )
    expect(h.calls('rest')).toEqual([['rest.loadRoom', 'r1', '200']])
    expect(h.types()).toEqual(['msg/hostChanged', 'rest/roomLoaded'])
  })

  it('[HOST-3] while live is on, a member joining as host becomes the new host unless it is the previous host', () => {
    const live = fold(inRoom(), msg(Cmd.liveTypeChanged, { ...byHost, openLive: 1 }))
    const joined = fold(
      live,
      msg(Cmd.memberChanged, { ...byHost, type: 'join', member: member('500', { role: 1 }) }),
    )
    expect(joined.users.hosts.keys()).toEqual(['500'])
    expect(joined.users.audiences.get('100')?.role).toBe(2)
    const previous = fold(
      { ...live, conference: { ...live.conference, replacedHostUid: '500' } },
      msg(Cmd.memberChanged, { ...byHost, type: 'join', member: member('500', { role: 1 }) }),
    )
    expect(previous.users.hosts.keys()).toEqual(['100'])
    expect(previous.users.audiences.get('500')?.role).toBe(2)
    // not live: a second host simply joins as host
    const quiet = fold(
      inRoom(),
      msg(Cmd.memberChanged, { ...byHost, type: 'join', member: member('500', { role: 1 }) }),
    )
    expect(quiet.users.hosts.keys().sort()).toEqual(['100', '500'])
  })

  it('[HOST-6] in local mode the server announces hostChanged, kickOut, meeting end and mute-all: the client sends nothing', () => {
    const run = (mode: 'local' | 'agora') =>
      runEffects(
        asHost(),
        [muteAllEffect, kickEffect, endMeetingEffect, setHostEffect],
        (_h, at) => {
          at(0, { type: 'ui/muteAllClicked' })
          at(1, { type: 'ui/kickClicked', uid: '200' })
          at(2, { type: 'ui/setHostClicked', uid: '300' })
        },
        { mode },
      )
    const local = run('local')
    expect(local.calls('messaging')).toEqual([])
    expect(local.calls('rest').map((c) => c[0])).toEqual([
      'rest.muteAll',
      'rest.exitRoom',
      'rest.setHost',
    ])
    const agora = run('agora')
    const sent = agora.calls('messaging').map((c) => JSON.parse(c[1] as string).cmd)
    expect(sent).toEqual([Cmd.roomInfo, Cmd.kickOut, Cmd.hostChanged])
  })
})

describe('mute all', () => {
  it('[MUTE-1] muteAllAudio 0 means unmuted: audiences keep their audio', () => {
    const s0 = inRoom({ members: [member('100', { role: 1 }), member('300', { enableAudio: 1 })] })
    const s = fold(s0, msg(Cmd.roomInfo, { ...byHost, muteAllAudio: 0 }))
    expect([s.conference.muteAllAudio, s.users.audiences.get('300')?.enableAudio]).toEqual([0, 1])
  })

  it("[MUTE-2] forced mute (1) sets every audience's audio to 0", () => {
    const members = [
      member('100', { role: 1, enableAudio: 1 }),
      ...Array.from({ length: 50 }, (_, i) => member(`${300 + i}`, { enableAudio: 1 })),
    ]
    const s = fold(
      inRoom({ members, me: { enableAudio: 1 } }),
      msg(Cmd.roomInfo, { ...byHost, muteAllAudio: 1 }),
    )
    expect(s.users.audiences.values().every((m) => m.enableAudio === 0)).toBe(true)
    expect(s.users.hosts.get('100')?.enableAudio).toBe(1)
    expect(s.me?.enableAudio).toBe(0)
  })

  it('[MUTE-2] forced mutes of two rooms folded in turn, with audio turned on between, leave no audience unmuted', () => {
    const mute = msg(Cmd.roomInfo, { ...byHost, muteAllAudio: 1 })
    const room = (from: number) =>
      inRoom({
        members: [
          member('100', { role: 1 }),
          ...Array.from({ length: 200 }, (_, i) => member(`${from + i}`, { enableAudio: 1 })),
        ],
      })
    const unmuted = (s: ReturnType<typeof room>) =>
      s.users.audiences.values().filter((m) => m.enableAudio !== 0).length
    let a = fold(room(300), mute)
    let b = fold(room(1000), mute)
    expect([unmuted(a), unmuted(b)]).toEqual([0, 0])
    const speak = (uid: string) => msg(Cmd.userState, { ...byHost, uid, enableAudio: 1, code: 104 })
    a = fold(a, speak('301'), speak('450'))
    b = fold(b, speak('1001'))
    expect([unmuted(a), unmuted(b)]).toEqual([2, 1])
    b = fold(b, mute)
    a = fold(a, mute)
    expect([unmuted(a), unmuted(b)]).toEqual([0, 0])
  })

  it('[MUTE-4] muteAllAudio 2 is mute-all with audience applying to speak: every audience audio goes to 0, a host keeps its own, and a host granting one turns it back on', () => {
    const s = fold(
      inRoom({
        members: [member('100', { role: 1, enableAudio: 1 }), member('300', { enableAudio: 1 })],
      }),
      msg(Cmd.roomInfo, { ...byHost, muteAllAudio: 2 }),
    )
    expect(s.conference.muteAllAudio).toBe(2)
    expect(s.users.audiences.get('300')?.enableAudio).toBe(0)
    expect(s.users.hosts.get('100')?.enableAudio).toBe(1)
    const speaking = fold(
      s,
      msg(Cmd.userState, { ...byHost, uid: '300', enableAudio: 1, code: 104 }),
    )
    expect(speaking.users.audiences.get('300')?.enableAudio).toBe(1)
    expect(speaking.conference.muteAllAudio).toBe(2)
    // My own audio too, when I am the audience, and my remote audio stays on (only forced mute, [MUTE-3]).
    const mine = fold(inRoom({ me: { enableAudio: 1 } }), {
      type: 'rest/muteAllUpdated',
      muteAllAudio: 2,
    })
    expect(mine.me?.enableAudio).toBe(0)
  })

  it('[MUTE-5] the mute-all command toggles muteAllAudio: 0 to 1 (or 2 when chosen) and back to 0', () => {
    const h = runEffects(asHost(), [muteAllEffect], (_h, at) => {
      at(0, { type: 'ui/muteAllClicked' })
      at(1, { type: 'ui/muteAllClicked' })
      at(2, { type: 'ui/muteAllClicked', mode: 2 })
    })
    expect(h.calls('rest').map((c) => c[2])).toEqual([1, 0, 2])
    expect(h.store.getState().conference.muteAllAudio).toBe(2)
    const conferee = runEffects(inRoom(), [muteAllEffect], (_h, at) =>
      at(0, { type: 'ui/muteAllClicked' }),
    )
    expect(conferee.calls()).toEqual([])
  })
})

describe('host duties', () => {
  it('[ROLE-3] a host refreshes the online count to the backend when the member count updates', () => {
    const host = runEffects(asHost(), [onlineCountEffect], (_h, at) =>
      at(0, { type: 'rtm/memberCountUpdated', count: 42 }),
    )
    expect(host.calls('rest')).toEqual([['rest.updateUsersAmount', 'r1', 42]])
    const conferee = runEffects(inRoom(), [onlineCountEffect], (_h, at) =>
      at(0, { type: 'rtm/memberCountUpdated', count: 42 }),
    )
    expect(conferee.calls()).toEqual([])
    expect(PERMISSIONS.seeRecordingState).toEqual([1])
    expect(PERMISSIONS.countdown).toEqual([1])
    const failing = runEffects(
      asHost(),
      [onlineCountEffect],
      (_h, at) => at(0, { type: 'rtm/memberCountUpdated', count: 1 }),
      {
        rest: { updateUsersAmount: () => throwError(() => new Error('x')) },
      },
    )
    expect(failing.seen.at(-1)?.event).toMatchObject({ message: 'the online-count call failed' })
  })

  it('loads nothing extra when a host change arrives for an unknown room', () => {
    const h = runEffects(
      fold(inRoom(), { type: 'life/exited', reason: 'leave' }),
      [hostChangedEffect],
      (_h, at) => at(0, msg(Cmd.hostChanged, { ...byHost, oldHostUid: '1', newHostUid: '2' })),
    )
    expect(h.calls()).toEqual([])
    expect(of(1)).toBeDefined()
  })
})
