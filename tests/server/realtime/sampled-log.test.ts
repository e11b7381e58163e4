import { describe, expect, it } from 'vitest'
import { sampledWarn } from '../../../src/server/realtime/sampled-log'

describe('a warning a client can cause at will', () => {
  it('is written once per interval, the next one counting those left out', () => {
    const lines: [object, string][] = []
    let time = 0
    const warn = sampledWarn({ warn: (obj, msg) => lines.push([obj, msg]) }, 60_000, () => time)
    for (let i = 0; i < 60; i++) warn({ problem: `p${i}` }, 'realtime frame refused')
    expect(lines).toEqual([[{ problem: 'p0' }, 'realtime frame refused']])
    time = 59_999
    warn({ problem: 'still inside' }, 'realtime frame refused')
    expect(lines).toHaveLength(1)
    time = 60_000
    warn({ problem: 'next' }, 'realtime frame refused')
    expect(lines[1]).toEqual([{ problem: 'next', alsoRefused: 60 }, 'realtime frame refused'])
    time = 200_000
    warn({ problem: 'alone' }, 'realtime frame refused')
    expect(lines[2]).toEqual([{ problem: 'alone' }, 'realtime frame refused'])
  })
})
