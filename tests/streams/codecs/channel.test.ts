import { describe, expect, it } from 'vitest'
import { decodeChannelText } from '../../../streams/codecs/channel'

const chat = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    cmd: 1,
    version: 1,
    timestamp: 42,
    data: { userId: 'u1', userName: 'Ann', message: 'hi' },
    ...over,
  })

describe('channel codec', () => {
  it('[CMD-1] decodes a chat message into msg/chatReceived', () => {
    expect(decodeChannelText(chat(), '1001')).toEqual({
      type: 'msg/chatReceived',
      from: '1001',
      timestamp: 42,
      data: { userId: 'u1', userName: 'Ann', message: 'hi' },
    })
  })

  it('[MSG-1] ignores a channel message whose version is not 1, logging it as dropped', () => {
    expect(decodeChannelText(chat({ version: 2 }), '1001')).toMatchObject({
      type: 'msg/dropped',
      cmd: 1,
      reason: 'version 2 ignored',
    })
  })

  it('[MSG-6] drops a message without a command, and one that is not JSON', () => {
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
  })

  it('drops a chat whose data fails its schema, with the reason', () => {
    const bad = decodeChannelText(chat({ data: { userId: 'u1', userName: 'Ann' } }), '1001')
    expect(bad.type).toBe('msg/dropped')
    expect(bad).toMatchObject({ cmd: 1 })
    expect((bad as { reason: string }).reason).toMatch(/^bad chat \/message/)
  })
})
