import { ClientFrameSchema } from '@streams/wire/realtime'
import { channelTexts, chat, deepObject, NUL, peerTexts } from './probe-texts'

export { chat, NUL }

/**
 * The hostile frames the realtime probe sends: every field of every client frame made wrong in
 * turn (missing, of the wrong type, a NUL byte, huge, numbers JSON carries but no integer holds,
 * deep nesting), frames that are not frames at all, and channel and peer message texts that lie.
 */

/** Who sends a probe: a socket not logged in, the room's host, a conferee joined to its channel. */
export type Sender = 'anon' | 'host' | 'guest'

export interface FrameProbe {
  readonly input: string
  readonly as: Sender
  /** Text sent as a text frame; a Buffer as a binary frame. */
  readonly payload: string | Buffer
}

/** What the probe knows of the room it probes. */
export interface ProbeContext {
  readonly channel: string
  readonly hostUid: string
  readonly hostToken: string
  readonly guestUid: string
  readonly guestUserId: string
}

/** Numbers written as raw JSON: beyond any double, beyond 2^53, negative, fractional. */
export const RAW_NUMBERS = [
  '1e309',
  '-1e309',
  '18446744073709551616',
  '-18446744073709551616',
  '-1',
  '0.5',
]
const HUGE = 'x'.repeat(50_000)
/** Deep nesting that fits in a frame (60 KB). */
const DEEP_ARRAY = '['.repeat(30_000) + ']'.repeat(30_000)

type Frame = Record<string, unknown>

/** A frame of each type with sensible values (a real channel, a real peer). */
export function baseFrames(c: ProbeContext): Record<string, Frame> {
  return {
    login: { t: 'login', id: 1, uid: c.hostUid, token: c.hostToken },
    renewToken: { t: 'renewToken', id: 1, token: c.hostToken },
    logout: { t: 'logout', id: 1 },
    join: { t: 'join', id: 1, channel: c.channel },
    leave: { t: 'leave', id: 1, channel: 'not-this-one' },
    channelMessage: {
      t: 'channelMessage',
      id: 1,
      channel: c.channel,
      text: chat(c.guestUserId, 'hi'),
    },
    peerMessage: { t: 'peerMessage', id: 1, to: c.guestUid, text: '{"cmd":99,"data":{}}' },
    getMembers: { t: 'getMembers', id: 1, channel: c.channel },
    getMemberCount: { t: 'getMemberCount', id: 1, channels: [c.channel] },
    queryPeersOnline: { t: 'queryPeersOnline', id: 1, uids: [c.guestUid] },
    getAttributes: { t: 'getAttributes', id: 1, channel: c.channel },
    setAttributes: { t: 'setAttributes', id: 1, channel: c.channel, attributes: { k: 'v' } },
    addOrUpdateAttributes: {
      t: 'addOrUpdateAttributes',
      id: 1,
      channel: c.channel,
      attributes: { k: 'v' },
    },
    deleteAttributes: { t: 'deleteAttributes', id: 1, channel: c.channel, keys: ['k'] },
    ping: { t: 'ping', id: 1 },
    history: { t: 'history', id: 1, channel: c.channel, since: 0 },
  }
}

/** The JSON values a field of this JSON-schema type should never accept. */
function wrongValues(type: string | undefined): [string, string][] {
  const typed: [string, string][] = [
    ['null', 'null'],
    ['true', 'true'],
    ['[]', '[]'],
    ['{}', '{}'],
  ]
  if (type !== 'string')
    typed.push(
      ['a string', '"1"'],
      ['NUL string', JSON.stringify(NUL)],
      ['huge string', JSON.stringify(HUGE)],
    )
  if (type === 'string')
    typed.push(
      ['0', '0'],
      ['NUL', JSON.stringify(NUL)],
      ['huge string', JSON.stringify(HUGE)],
      ['lone surrogate', '"\\ud800"'],
      ['__proto__', '"__proto__"'],
      ['empty', '""'],
    )
  for (const raw of RAW_NUMBERS) typed.push([raw, raw])
  typed.push(['deep array', DEEP_ARRAY], ['deep object', deepObject(9_000)])
  if (type === 'array')
    typed.push(
      ['[NUL]', JSON.stringify([NUL])],
      ['[1,null,{}]', '[1,null,{}]'],
      ['5,000 items', JSON.stringify(Array.from({ length: 5_000 }, (_, i) => `c${i}`))],
    )
  if (type === 'object')
    typed.push(
      ['{__proto__}', '{"__proto__":"x"}'],
      ['{constructor}', '{"constructor":"x","toString":"y"}'],
      ['{NUL key}', JSON.stringify({ [NUL]: 'v' })],
      ['{NUL value}', JSON.stringify({ k: NUL })],
      ['{number value}', '{"k":1e309}'],
      ['{nested}', '{"k":{"k":"v"}}'],
    )
  return typed
}

/** JSON text of `frame` with the raw JSON `raw` in `field` (undefined: the field left out). */
function withRaw(frame: Frame, field: string, raw: string | undefined): string {
  const copy: Frame = { ...frame }
  if (raw === undefined) {
    delete copy[field]
    return JSON.stringify(copy)
  }
  copy[field] = '__RAW__'
  return JSON.stringify(copy).replace('"__RAW__"', () => raw)
}

interface PropSchema {
  readonly type?: string
}

/** Every field of every frame type made wrong in turn. */
function fieldProbes(c: ProbeContext, as: Sender): FrameProbe[] {
  const bases = baseFrames(c)
  const probes: FrameProbe[] = []
  for (const member of ClientFrameSchema.anyOf) {
    const tag = (member.properties.t as { const: string }).const
    const base = bases[tag]!
    for (const [field, schema] of Object.entries(member.properties as Record<string, PropSchema>)) {
      probes.push({ input: `${tag}: no ${field}`, as, payload: withRaw(base, field, undefined) })
      const type = field === 't' ? 'string' : schema.type
      for (const [name, raw] of wrongValues(type))
        probes.push({ input: `${tag}: ${field} ${name}`, as, payload: withRaw(base, field, raw) })
    }
  }
  return probes
}

/** Frames that are not frames: not JSON, not an object, no known tag, binary. */
function shapeProbes(as: Sender): FrameProbe[] {
  const texts: [string, string][] = [
    ['empty text', ''],
    ['truncated JSON', '{"t":"ping","id":'],
    ['raw NUL', '\u0000'],
    ['JSON then NUL', '{"t":"ping","id":1}\u0000'],
    ['null', 'null'],
    ['number', '1'],
    ['1e309', '1e309'],
    ['string', '"ping"'],
    ['array', '[{"t":"ping","id":1}]'],
    ['true', 'true'],
    ['unknown tag', '{"t":"nope","id":1}'],
    ['tag __proto__', '{"t":"__proto__","id":1}'],
    ['tag constructor', '{"t":"constructor","id":1}'],
    ['__proto__ key', '{"__proto__":{"t":"ping"},"id":1}'],
    ['deep array', DEEP_ARRAY],
    ['deep object', deepObject(9_000)],
    ['duplicate keys (the last wins)', '{"t":"logout","t":"ping","id":1}'],
  ]
  return [
    ...texts.map(([input, payload]) => ({ input: `frame: ${input}`, as, payload })),
    { input: 'frame: binary bytes', as, payload: Buffer.from([0, 1, 2, 255]) },
    { input: 'frame: binary JSON', as, payload: Buffer.from('{"t":"ping","id":1}') },
    { input: 'frame: empty binary', as, payload: Buffer.alloc(0) },
  ]
}

/** Channel message texts that lie about what or who they are (sent by the conferee). */
function channelTextProbes(c: ProbeContext): FrameProbe[] {
  return channelTexts(c.guestUserId).map(([input, text]) => ({
    input: `channelMessage text: ${input}`,
    as: 'guest' as const,
    payload: JSON.stringify({ t: 'channelMessage', id: 1, channel: c.channel, text }),
  }))
}

/** Peer message texts a conferee may not send, or that are simply bad. */
function peerTextProbes(c: ProbeContext): FrameProbe[] {
  return peerTexts().map(([input, text]) => ({
    input: `peerMessage text: ${input}`,
    as: 'guest' as const,
    payload: JSON.stringify({
      t: 'peerMessage',
      id: 1,
      to: input === 'to nobody' ? 'nobody-here' : c.hostUid,
      text,
    }),
  }))
}

/** Every frame before a login; and the channel requests for a channel the sender never joined. */
function outOfTurnProbes(c: ProbeContext): FrameProbe[] {
  const bases = baseFrames(c)
  const before = Object.entries(bases)
    .filter(([tag]) => tag !== 'login' && tag !== 'ping')
    .map(([tag, frame]) => ({
      input: `before login: ${tag}`,
      as: 'anon' as const,
      payload: JSON.stringify(frame),
    }))
  const elsewhere = 'another-rooms-channel'
  const notJoined = Object.entries(bases)
    .filter(([, frame]) => 'channel' in frame && frame.t !== 'leave')
    .map(([tag, frame]) => ({
      input: `channel not joined: ${tag}`,
      as: 'guest' as const,
      payload: JSON.stringify({ ...frame, channel: elsewhere }),
    }))
  return [
    ...before,
    ...notJoined,
    {
      input: 'login: a forged token',
      as: 'anon',
      payload: JSON.stringify({ t: 'login', id: 1, uid: c.guestUid, token: 'x.y.z' }),
    },
    {
      input: 'login: another uid’s token',
      as: 'anon',
      payload: JSON.stringify({ t: 'login', id: 1, uid: c.guestUid, token: c.hostToken }),
    },
    {
      input: 'renewToken: another uid’s token',
      as: 'guest',
      payload: JSON.stringify({ t: 'renewToken', id: 1, token: c.hostToken }),
    },
  ]
}

/** All probes that leave their socket open (the ones that close it are tested one by one). */
export function allFrameProbes(c: ProbeContext): FrameProbe[] {
  return [
    ...fieldProbes(c, 'host'),
    ...shapeProbes('host'),
    ...shapeProbes('anon'),
    ...channelTextProbes(c),
    ...peerTextProbes(c),
    ...outOfTurnProbes(c),
  ]
}
