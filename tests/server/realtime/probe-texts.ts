// The texts the realtime probe sends in channel and peer messages (probe-frames.ts).

export const NUL = 'a\u0000b'
export const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)

export const chat = (userId: string, message: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    cmd: 1,
    version: 1,
    timestamp: Date.now(),
    data: { userId, userName: 'x', message, ...extra },
  })

/** Channel message texts that lie about what or who they are, sent by `me`. */
export function channelTexts(me: string): [string, string][] {
  return [
    ['not JSON', 'hello'],
    ['JSON null', 'null'],
    ['no cmd', '{"data":{}}'],
    ['unknown cmd', JSON.stringify({ cmd: 9999, version: 1, timestamp: 1, data: { userId: me } })],
    [
      'a server command (3)',
      JSON.stringify({ cmd: 3, version: 1, timestamp: 1, data: { muteAllChat: 0 } }),
    ],
    ['another sender', chat('someone-else', 'hi')],
    ['no data', JSON.stringify({ cmd: 1, version: 1, timestamp: 1 })],
    ['data a string', JSON.stringify({ cmd: 1, version: 1, timestamp: 1, data: 'x' })],
    ['timestamp 1e309', chat(me, 'big').replace(/"timestamp":\d+/, '"timestamp":1e309')],
    ['cmd 2^64', chat(me, 'big').replace('"cmd":1', '"cmd":18446744073709551616')],
    ['NUL in the line', chat(me, NUL)],
    ['NUL in the id', chat(me, 'id', { id: NUL })],
    ['NUL in the name', chat(me, 'name', { userName: NUL })],
    ['huge id', chat(me, 'id', { id: 'i'.repeat(20_000) })],
    ['over 32 KB', chat(me, 'x'.repeat(33 * 1024))],
    [
      'deep data',
      chat(me, 'deep').replace('"message":"deep"', `"message":"deep","x":${deepObject(2_000)}`),
    ],
    [
      'deep array data',
      chat(me, 'deep').replace(
        '"message":"deep"',
        `"message":"deep","x":${'['.repeat(10_000)}${']'.repeat(10_000)}`,
      ),
    ],
    ['__proto__ data', chat(me, 'p').replace('"data":{', '"data":{"__proto__":{"isHost":true},')],
    ['raw NUL', `{"cmd":1,"data":{"userId":"${me}","message":"a\u0000b"}}`],
    [
      'business from the server',
      JSON.stringify({ cmd: 34, version: 1, timestamp: 1, data: { userId: me, type: 'lucky' } }),
    ],
  ]
}

/** Peer message texts a conferee may not send, or that are simply bad. */
export function peerTexts(): [string, string][] {
  return [
    ['an invitation (cmd 1)', '{"cmd":1,"data":{}}'],
    ['a user-state notice (cmd 4)', '{"cmd":4,"data":{}}'],
    ['an answer (cmd 2) from a conferee', '{"cmd":2,"data":{"action":1}}'],
    ['over 32 KB', 'x'.repeat(33 * 1024)],
    ['not JSON', 'hello'],
    ['NUL', NUL],
    ['to nobody', '{"cmd":99}'],
  ]
}
