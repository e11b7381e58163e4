import { describe, expect, it } from 'vitest'
import type { Envelope } from '@streams/core/envelope'
import type { Event } from '@streams/events'
import {
  NORMAL_EPOCH,
  normaliseLog,
  normalisedNdjson,
  recordingShape,
} from '@streams/replay/normalise'
import type { SessionLog } from '@streams/replay/read'
import { Cmd } from '@streams/wire/channel'
import { entry, me, msg, roomInfo } from '../fixtures'

/** One recording of a scenario with the ids and times a run happens to give. */
function recording(
  ids: { uid: string; room: string; channel: string; user: string },
  start: number,
) {
  const events: Event[] = [
    { type: 'life/appStarted', mobile: false, mode: 'local' },
    {
      type: 'rest/roomEntered',
      data: entry(
        me(ids.uid, { userId: ids.user, screenId: `${ids.uid}9` }),
        roomInfo({
          roomId: ids.room,
          channelName: ids.channel,
          roomName: `kick-${ids.room}`,
          createTime: start - 5000,
        }),
      ),
    },
    { type: 'rtm/channelJoined', channel: ids.channel, members: [ids.uid] },
    { type: 'rtc/networkQualityChanged', uid: ids.uid, uplink: 1, downlink: 1 },
    { type: 'rtm/memberCountUpdated', count: 1 },
    msg(Cmd.kickOut, {
      userId: 'vabc0123456789',
      userName: 'Hana',
      uid: ids.uid,
      reason: 'kickUserBy',
    }),
  ]
  const envelopes: Envelope<Event>[] = events.map((event, seq) => ({
    seq,
    at: start + seq * 37 + (start % 7),
    event,
  }))
  return {
    header: { kind: 'roomcast-session-log' as const, format: 1, app: 't', startedAt: start },
    envelopes,
  } satisfies SessionLog
}

const a = recording(
  {
    uid: '682827973',
    room: '1397512130',
    channel: '3de89d3079fd4f1ca2c267bbfca7a05d',
    user: 'vf9ff21b6284f',
  },
  1_795_525_603_732,
)
const b = recording(
  {
    uid: '1851053666',
    room: '9670485925',
    channel: '0f31f386fdcb2ba4c2c267bbfca7a05e',
    user: 'ved97ddcf488e',
  },
  1_795_525_608_854,
)

describe('normalising a session log for a fixture', () => {
  it('counts times from the start, gives every generated id a stable one and drops periodic measurements', () => {
    const n = normaliseLog(a, { replace: { 'kick-1397512130': 'fixture-kick' } })
    expect(n.header.startedAt).toBe(0)
    expect(n.envelopes.map((e) => e.event.type)).not.toContain('rtc/networkQualityChanged')
    expect(n.envelopes.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4])
    expect(n.envelopes[0]?.at).toBeLessThan(10)
    const entered = n.envelopes[1]?.event as Extract<Event, { type: 'rest/roomEntered' }>
    expect(entered.data.me.uid).toBe('1000000001')
    expect(entered.data.roomInfo.roomName).toBe('fixture-kick')
    expect(entered.data.roomInfo.createTime).toBe(NORMAL_EPOCH - 5000)
    const joined = n.envelopes[2]?.event as Extract<Event, { type: 'rtm/channelJoined' }>
    // the same id keeps the same replacement everywhere
    expect(joined.members).toEqual(['1000000001'])
    expect(joined.channel).toBe(entered.data.roomInfo.channelName)
    expect(joined.channel).toMatch(/^a0+\d+$/)
  })

  it('makes two runs of one scenario the same recording, and is idempotent', () => {
    const na = normaliseLog(a, { replace: { 'kick-1397512130': 'fixture-kick' } })
    const nb = normaliseLog(b, { replace: { 'kick-9670485925': 'fixture-kick' } })
    expect(recordingShape(na)).toBe(recordingShape(nb))
    expect(normalisedNdjson(normaliseLog(na))).toBe(normalisedNdjson(na))
    // a different fact is a different recording
    const other = { ...nb, envelopes: nb.envelopes.slice(0, -1) }
    expect(recordingShape(other)).not.toBe(recordingShape(na))
  })

  it('keeps each event’s cause, its trigger renumbered over what is kept; a cause counts in the shape', () => {
    const events: Event[] = [
      {
        type: 'ui/joinSubmitted',
        form: { roomName: 'r', userName: 'u', roomType: 1, role: 2, password: '' },
      },
      { type: 'rtc/networkQualityChanged', uid: '1', uplink: 1, downlink: 1 } as Event,
      { type: 'rest/usersAmountLoaded', usersAmount: 3 },
      { type: 'rest/usersAmountLoaded', usersAmount: 4 },
    ]
    const envelopes: Envelope<Event>[] = events.map((event, seq) => ({
      seq,
      at: 1_700_000_000_000 + seq,
      event,
    }))
    envelopes[2] = { ...envelopes[2]!, cause: { by: 'entry', seq: 0 } }
    envelopes[3] = { ...envelopes[3]!, cause: { by: 'adapterEventsEffect', seq: 1 } }
    const log: SessionLog = {
      header: { kind: 'roomcast-session-log', format: 1, app: 't', startedAt: 1_700_000_000_000 },
      envelopes,
    }
    const normal = normaliseLog(log)
    expect(normal.envelopes.map((e) => [e.seq, e.event.type, e.cause])).toEqual([
      [0, 'ui/joinSubmitted', undefined],
      [1, 'rest/usersAmountLoaded', { by: 'entry', seq: 0 }],
      // its trigger was a left-out measurement: only what produced it stays
      [2, 'rest/usersAmountLoaded', { by: 'adapterEventsEffect' }],
    ])
    const uncaused = { ...normal, envelopes: normal.envelopes.map(({ cause: _, ...e }) => e) }
    expect(recordingShape(uncaused)).not.toBe(recordingShape(normal))
  })
})
