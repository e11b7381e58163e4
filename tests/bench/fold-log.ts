import type { Envelope } from '@streams/core/envelope'
import type { ChannelEvent, Event } from '@streams/events'
import type { Member } from '@streams/wire/member'
import type { LayoutName } from '@streams/wire/video'
import { member } from '../streams/fixtures'

/**
 * A deterministic synthetic meeting log for the fold bench: a 10,000-member roster, then events
 * in the mix: 40% chat, 20% user-state changes, 15% joins and leaves, 10% media events,
 * 10% layout and share changes, 5% everything else (likes, hot numbers, live states, business
 * toasts, timers, refusals, the odd mute-all).
 */

/** A decoded channel event before the messaging layer stamps its sender and time. */
type Unstamped = ChannelEvent extends infer E
  ? E extends ChannelEvent
    ? Omit<E, 'from' | 'timestamp'>
    : never
  : never

export function prng(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    // mulberry32
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const ROSTER = 10_000
const LAYOUTS: LayoutName[] = [
  'p_all_1',
  'p_17_1',
  'p_8_1',
  'p_9_1',
  'p_board_column',
  'p_board_row',
]
const WORDS = [
  'hello',
  'welcome',
  'can you hear me',
  'yes',
  'great talk',
  'question:',
  'thanks',
  '+1',
  'see slide 4',
]

const memberOf = (uid: string, role: 1 | 2): Member =>
  member(uid, { roomId: 'bench-room', role, userName: `Member ${uid}` })

export function generateLog(count: number, seed = 20240601): Envelope<Event>[] {
  const random = prng(seed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T
  const uidOf = (i: number) => String(100_000 + i)
  const present: string[] = []
  const absent: string[] = []
  for (let i = 0; i < ROSTER; i++) present.push(uidOf(i))
  for (let i = ROSTER; i < ROSTER + 2000; i++) absent.push(uidOf(i))
  const host = uidOf(0)
  const me = uidOf(1)
  const actor = { userId: `user-${host}`, userName: `Member ${host}` }

  const out: Envelope<Event>[] = []
  let at = 1_700_000_000_000
  const push = (event: Event) =>
    out.push({ seq: out.length, at: (at += 1 + Math.floor(random() * 20)), event })
  const channel = (event: Unstamped, from = 'server') =>
    push({ ...event, from, timestamp: at } as Event)

  push({ type: 'life/appStarted', mobile: false, mode: 'local' })
  push({
    type: 'rest/roomEntered',
    data: {
      me: {
        ...memberOf(me, 2),
        roomName: 'Bench room',
        roomUuid: 'bench-uuid',
        appID: 'bench',
        rtmToken: '[redacted]',
        rtcToken: '[redacted]',
        screenToken: '[redacted]',
      },
      roomInfo: {
        roomId: 'bench-room',
        roomUuid: 'bench-uuid',
        roomName: 'Bench room',
        roomType: 2,
        channelName: 'bench',
        state: 1,
        createUserId: `user-${host}`,
        createTime: at,
        startTime: at,
        muteAllChat: 0,
        muteAllAudio: 0,
        shareBoard: 0,
        shareScreen: 0,
        createBoardUserId: '0',
        mainScreenUid: '',
        layout: 'p_all_1',
        liveState: 1,
        playbackState: 0,
        recordingState: 0,
        audienceWatchType: 1,
      },
    },
  })
  push({ type: 'rtm/channelJoined', channel: 'bench', members: [host, me] })
  push({ type: 'life/entered', roomId: 'bench-room', uid: me })
  push({
    type: 'rest/usersLoaded',
    users: present.map((uid) => memberOf(uid, uid === host ? 1 : 2)),
    total: ROSTER,
  })

  // ids of the toasts the fold will raise (the ui projection numbers them from 1), expired later
  let nextUiId = 1
  const toasts: number[] = []
  while (out.length < count) {
    if (toasts.length > 3 && random() < 0.5) {
      push({ type: 'timer/toastExpired', id: toasts.shift() as number })
      continue
    }
    const r = random()
    if (r < 0.4) {
      const from = pick(present)
      channel(
        {
          type: 'msg/chatReceived',
          data: {
            userId: `user-${from}`,
            userName: `Member ${from}`,
            message: pick(WORDS),
            id: `c${out.length}`,
          },
        },
        from,
      )
    } else if (r < 0.6) {
      const uid = pick(present)
      const flag = pick(['enableAudio', 'enableVideo', 'enableChat', 'grantScreen'] as const)
      channel({
        type: 'msg/userStateChanged',
        data: { ...actor, uid, [flag]: random() < 0.5 ? 1 : 0 },
      })
    } else if (r < 0.75) {
      // joins and leaves keep the roster near 10,000
      const leave = absent.length === 0 || (random() < 0.5 && present.length > 2)
      const from = leave ? present : absent
      const to = leave ? absent : present
      const index = Math.floor(random() * from.length)
      const uid = from[index] as string
      if (uid === host || uid === me) continue
      from[index] = from[from.length - 1] as string
      from.pop()
      to.push(uid)
      if (random() < 0.5)
        channel({
          type: 'msg/memberChanged',
          data: { ...actor, type: leave ? 'leave' : 'join', member: memberOf(uid, 2) },
        })
      else push(leave ? { type: 'rtm/memberLeft', uid } : { type: 'rtm/memberJoined', uid })
    } else if (r < 0.85) {
      const uid = pick(present)
      const k = random()
      if (k < 0.3)
        push({ type: 'rtc/userPublished', uid, kind: random() < 0.5 ? 'audio' : 'video' })
      else if (k < 0.5)
        push({ type: 'rtc/userUnpublished', uid, kind: random() < 0.5 ? 'audio' : 'video' })
      else if (k < 0.6) push({ type: 'rtc/userJoined', uid })
      else if (k < 0.7) push({ type: 'rtc/userLeft', uid, reason: 'Quit' })
      else
        push({
          type: 'rtc/networkQualityChanged',
          uid: random() < 0.2 ? me : uid,
          uplink: (1 + Math.floor(random() * 5)) as 1,
          downlink: 2,
        })
    } else if (r < 0.95) {
      const k = random()
      const uid = pick(present)
      if (k < 0.25)
        channel({
          type: 'msg/layoutChanged',
          data: {
            ...actor,
            layout: pick(LAYOUTS),
            positions: [
              { uid, type: 'inner' },
              { uid: host, type: 'right' },
            ],
            largeUid: uid,
          },
        })
      else if (k < 0.45)
        channel({
          type: 'msg/screenShareChanged',
          data: { ...actor, uid, screenShare: random() < 0.5 ? 1 : 0 },
        })
      else if (k < 0.6)
        channel({
          type: 'msg/boardShareChanged',
          data: { ...actor, kind: 'share', shareBoard: random() < 0.6 ? 1 : 0 },
        })
      else if (k < 0.75)
        channel({
          type: 'msg/boardShareChanged',
          data: { ...actor, kind: 'grant', uid, grantBoard: random() < 0.6 ? 1 : 0 },
        })
      else if (k < 0.9)
        channel({ type: 'msg/mainScreenChanged', data: { ...actor, mainScreenUid: uid } })
      else push({ type: 'timer/shareLayoutDue', sharing: random() < 0.5 })
    } else {
      const k = random()
      if (k < 0.25) channel({ type: 'msg/likeGiven', data: { ...actor, likeTotal: out.length } })
      else if (k < 0.4)
        channel({
          type: 'msg/usersAmountChanged',
          data: { userId: '', userName: '', usersAmount: present.length, hotNum: out.length },
        })
      else if (k < 0.6) {
        channel({ type: 'msg/businessReceived', data: { ...actor, type: 'cheers' } })
        toasts.push(nextUiId++)
      } else if (k < 0.7) push({ type: 'rtm/memberCountUpdated', count: present.length })
      else if (k < 0.8) channel({ type: 'msg/liveStateChanged', data: { ...actor, liveState: 2 } })
      else if (k < 0.9)
        channel({
          type: 'msg/joinNameChanged',
          data: { ...actor, uid: pick(present), name: `Renamed ${out.length % 1000}` },
        })
      else if (k < 0.998) {
        push({ type: 'rule/refused', action: 'stopRecording', message: 'recording too short' })
        toasts.push(nextUiId++)
      } else
        channel({
          type: 'msg/roomInfoChanged',
          data: { ...actor, muteAllAudio: random() < 0.5 ? 1 : 0 },
        })
    }
  }
  return out
}
