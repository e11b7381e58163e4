import { describe, expect, it } from 'vitest'
import { meshOutgrownEffect, selectMediaParticipants } from '@streams/effects/mesh'
import type { Event } from '@streams/events'
import { Cmd } from '@streams/wire/channel'
import type { Member } from '@streams/wire/member'
import { Role } from '@streams/wire/roles'
import { asHost, byHost, fold, inRoom, member, msg } from '../fixtures'
import { runEffects } from './harness'

/** The mesh's limits in these tests: 2 publishers, 3 watchers per publisher. */
const meshJoined: Event = { type: 'rtc/meshJoined', publishers: 2, watchers: 3 }
const joins = (m: Member): Event => msg(Cmd.memberChanged, { ...byHost, type: 'join', member: m })
const outgrown = (h: ReturnType<typeof runEffects>) =>
  h.seen.flatMap((s) => (s.event.type === 'rtc/meshOutgrown' ? [s.event] : []))

describe('a host told when the room outgrows the mesh (rtc/meshOutgrown)', () => {
  it('more people than a publisher can send to: told once as the room crosses the limit', () => {
    // Me (host) and 2 conferees: 2 watchers of each publisher.
    const host = asHost()
    expect(selectMediaParticipants(host)).toBe(3)
    const h = runEffects(host, [meshOutgrownEffect], (_h, at) => {
      at(0, meshJoined)
      at(10, joins(member('400')))
      at(20, joins(member('500')))
      at(30, joins(member('600')))
    })
    expect(outgrown(h)).toEqual([{ type: 'rtc/meshOutgrown', limit: 'watchers', count: 4, max: 3 }])
    const toasts = h.store.getState().ui.toasts
    expect(toasts.map((t) => [t.level, t.key, t.params])).toEqual([
      ['warning', 'meshOutgrown.watchers', { count: 4, max: 3 }],
    ])
  })

  it('[ROLE-4] more publishers than the mesh carries (conferees granted a microphone)', () => {
    const h = runEffects(asHost(), [meshOutgrownEffect], (_h, at) => {
      at(0, meshJoined)
      at(10, joins(member('200', { enableAudio: 1 })))
      at(20, joins(member('300', { enableVideo: 1 })))
    })
    expect(outgrown(h)).toEqual([
      { type: 'rtc/meshOutgrown', limit: 'publishers', count: 3, max: 2 },
    ])
  })

  it('[MSG-5] a CDN audience watching the CDN stream is not in the mesh', () => {
    const cdn = (uid: string) => member(uid, { role: Role.cdnAudience })
    const onCdn = asHost({ room: { audienceWatchType: 2 } })
    expect(selectMediaParticipants(fold(onCdn, joins(cdn('700'))))).toBe(3)
    // Watching in the room (watch type 1), the same audience is.
    expect(
      selectMediaParticipants(fold(asHost({ room: { audienceWatchType: 1 } }), joins(cdn('700')))),
    ).toBe(4)
    const h = runEffects(onCdn, [meshOutgrownEffect], (_h, at) => {
      at(0, meshJoined)
      at(10, joins(cdn('700')))
      at(20, joins(cdn('800')))
    })
    expect(outgrown(h)).toEqual([])
  })

  it('nobody but a host is told, and not on the SFU (no rtc/meshJoined)', () => {
    const crowd = [member('100', { role: 1 }), ...['3', '4', '5', '6'].map((u) => member(u))]
    const conferee = runEffects(inRoom({ members: crowd }), [meshOutgrownEffect], (_h, at) =>
      at(0, meshJoined),
    )
    expect(outgrown(conferee)).toEqual([])
    const sfu = runEffects(asHost({ members: crowd }), [meshOutgrownEffect], () => undefined)
    expect(outgrown(sfu)).toEqual([])
  })

  it('after leaving the media session, nothing more is said', () => {
    const h = runEffects(asHost(), [meshOutgrownEffect], (_h, at) => {
      at(0, meshJoined)
      at(5, { type: 'rtc/left' })
      at(10, joins(member('400')))
      at(20, joins(member('500')))
    })
    expect(outgrown(h)).toEqual([])
    expect(fold(asHost(), meshJoined).ui.toasts).toEqual([])
  })
})
