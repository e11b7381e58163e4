import { describe, expect, it } from 'vitest'
import { decodeChannelText, MISMATCHED } from '@streams/codecs/channel'
import { decodePeerText, encodePeerMessage } from '@streams/codecs/peer'
import {
  CHANNEL_DATA_SCHEMAS,
  Cmd,
  checkClientChannelMessage,
  CLIENT_SENDABLE_CMDS,
} from '@streams/wire/channel'
import { LayoutDataSchema } from '@streams/wire/channel/share'
import { compile } from '@streams/wire/validate'

const text = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    cmd: 1,
    version: 1,
    timestamp: 42,
    data: { userId: 'u1', userName: 'Ann', message: 'hi' },
    ...over,
  })

describe('channel codec', () => {
  it('[CMD-1] decodes a chat message into msg/chatReceived', () => {
    expect(decodeChannelText(text(), '1001')).toEqual({
      type: 'msg/chatReceived',
      from: '1001',
      timestamp: 42,
      data: { userId: 'u1', userName: 'Ann', message: 'hi' },
    })
  })

  it('[MSG-1] carries cmd, version 1, timestamp and data; any other version is ignored (logged as dropped)', () => {
    expect(decodeChannelText(text({ version: 2 }), '1001')).toEqual({
      type: 'msg/dropped',
      from: '1001',
      cmd: 1,
      reason: 'version 2 ignored',
    })
    expect(decodeChannelText(text({ timestamp: 'soon' }), '1001')).toMatchObject({
      type: 'msg/dropped',
      reason: expect.stringMatching(/^bad envelope \/timestamp/),
    })
  })

  it("[MSG-6] drops a message without a command or uid, and logs an unknown command as 'Received Mismatched Message'", () => {
    expect(
      decodeChannelText(JSON.stringify({ version: 1, timestamp: 1, data: {} }), 'x'),
    ).toMatchObject({
      type: 'msg/dropped',
      reason: 'missing command',
    })
    expect(decodeChannelText('{nope', 'x')).toMatchObject({
      type: 'msg/dropped',
      reason: 'not JSON',
    })
    expect(decodeChannelText(text({ cmd: 99 }), 'x')).toEqual({
      type: 'msg/dropped',
      from: 'x',
      cmd: 99,
      reason: MISMATCHED,
    })
    expect(MISMATCHED).toBe('Received Mismatched Message')
    const noUid = text({ cmd: 4, data: { userId: 'u', userName: 'n', uid: '', enableAudio: 1 } })
    expect(decodeChannelText(noUid, 'server')).toMatchObject({
      type: 'msg/dropped',
      cmd: 4,
      reason: 'missing uid',
    })
  })

  it('[MSG-4] a goods message needs goodsId', () => {
    const goods = (data: Record<string, unknown>) =>
      decodeChannelText(text({ cmd: 23, data: { userId: 'h', userName: 'H', ...data } }), 'server')
    expect(goods({ goodsImg: 'x.png' })).toMatchObject({ type: 'msg/dropped', cmd: 23 })
    expect(goods({ goodsId: '' })).toMatchObject({ type: 'msg/dropped', cmd: 23 })
    expect(goods({ goodsId: 'g1' })).toMatchObject({
      type: 'msg/goodsShown',
      data: { goodsId: 'g1' },
    })
  })

  it('[MSG-7] every command number has its own schema and decodes to its own event type', () => {
    const types = new Set<string>()
    for (const cmd of Object.values(Cmd)) {
      expect(CHANNEL_DATA_SCHEMAS[cmd]).toBeDefined()
      // data that fits no schema is refused with the command kept, so each command is checked
      const bad = decodeChannelText(text({ cmd, data: { userId: 1 } }), 'server')
      expect(bad).toMatchObject({ type: 'msg/dropped', cmd })
    }
    const samples: [number, Record<string, unknown>][] = [
      [Cmd.refreshPage, {}],
      [Cmd.exitInactiveRoom, {}],
      [Cmd.cancelPopupOfInactiveRoom, {}],
      [Cmd.confirmInactiveRoom, {}],
      [Cmd.meetingEnd, {}],
    ]
    for (const [cmd, data] of samples) {
      const event = decodeChannelText(
        text({ cmd, data: { userId: '', userName: '', ...data } }),
        'server',
      )
      types.add(event.type)
    }
    expect([...types].sort()).toEqual([
      'msg/inactiveCancelled',
      'msg/inactiveExited',
      'msg/inactiveWarned',
      'msg/meetingEnded',
      'msg/refreshRequested',
    ])
  })

  it('[LAYOUT-1] a layout message names one of the six layouts and a position type inner or right per uid', () => {
    const check = compile(LayoutDataSchema)
    const data = (layout: string, type: string) => ({
      userId: 'h',
      userName: 'H',
      layout,
      positions: [{ uid: '1', type }],
      largeUid: '1',
    })
    expect(check.check(data('p_9_1', 'inner'))).toBe(true)
    expect(check.check(data('p_board_row', 'right'))).toBe(true)
    expect(check.check(data('p_9_1', 'left'))).toBe(false)
    expect(check.check(data('p_10_1', 'inner'))).toBe(false)
  })
})

describe('client-sendable commands', () => {
  it('[HOST-6] in local mode a client may send only chat and social toasts, as itself; hostChanged, kickOut, meeting end and mute-all are the server’s', () => {
    expect([...CLIENT_SENDABLE_CMDS].sort((a, b) => a - b)).toEqual([Cmd.chat, Cmd.nxBusiness])
    const message = (cmd: number, data: Record<string, unknown>) => ({
      cmd,
      version: 1,
      timestamp: 1,
      data,
    })
    const actor = { userId: 'u1', userName: 'Ann' }
    expect(checkClientChannelMessage(message(1, { ...actor, message: 'hi' }), 'u1')).toBeNull()
    expect(checkClientChannelMessage(message(1, { ...actor, message: 'hi' }), 'u2')).toMatchObject({
      code: 'forbidden',
    })
    expect(checkClientChannelMessage(message(18, { ...actor, type: 'cheers' }), 'u1')).toBeNull()
    expect(checkClientChannelMessage(message(18, { ...actor, type: 'lucky' }), 'u1')).toMatchObject(
      { code: 'forbidden' },
    )
    for (const [cmd, data] of [
      [Cmd.hostChanged, { ...actor, oldHostUid: '1', newHostUid: '2' }],
      [Cmd.kickOut, { ...actor, uid: '2' }],
      [Cmd.meetingEnd, actor],
      [Cmd.roomInfo, { ...actor, muteAllAudio: 1 }],
    ] as const)
      expect(checkClientChannelMessage(message(cmd, data), 'u1')).toMatchObject({
        code: 'forbidden',
      })
  })
})

describe('peer codec', () => {
  const data = { userId: 'u1', userName: 'Ann', uid: '200', type: 1, role: 1 }
  const peer = (over: Record<string, unknown>) =>
    JSON.stringify({ cmd: 2, version: 1, timestamp: 5, data, ...over })

  it('[APPLY-5] decodes cmd 1 as an invite, 2 as an apply, 4 as a user-state message', () => {
    expect(decodePeerText(peer({ cmd: 1 }), '100')).toMatchObject({
      type: 'peer/inviteReceived',
      from: '100',
      data,
    })
    expect(decodePeerText(peer({ cmd: 2 }), '100')).toMatchObject({
      type: 'peer/applyReceived',
      data,
    })
    expect(
      decodePeerText(peer({ cmd: 4, data: { ...data, role: 3, value: 0 } }), '100'),
    ).toMatchObject({
      type: 'peer/userStateReceived',
    })
    expect(decodePeerText(peer({ cmd: 3 }), '100')).toMatchObject({
      type: 'msg/dropped',
      source: 'peer',
      reason: 'Received Mismatched Message',
    })
    expect(decodePeerText(peer({ version: 2 }), '100')).toMatchObject({
      type: 'msg/dropped',
      reason: 'version 2 ignored',
    })
    expect(decodePeerText(peer({ data: { ...data, uid: '' } }), '100')).toMatchObject({
      reason: 'missing uid',
    })
  })

  it("[MSG-2] a peer message needs cmd, data and receiver uid, else 'sending peer message failed, bad params'", () => {
    const good = { ...data, type: 1 as const, role: 1 as const }
    expect(JSON.parse(encodePeerMessage('100', 2, good, 9))).toEqual({
      cmd: 2,
      version: 1,
      timestamp: 9,
      data: good,
    })
    const bad = 'sending peer message failed, bad params'
    expect(() => encodePeerMessage('', 2, good, 9)).toThrow(bad)
    expect(() => encodePeerMessage('100', undefined, good, 9)).toThrow(bad)
    expect(() => encodePeerMessage('100', 2, undefined, 9)).toThrow(bad)
    expect(() => encodePeerMessage('100', 2, { ...good, type: 9 } as never, 9)).toThrow(bad)
  })
})
