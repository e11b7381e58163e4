import { describe, expect, it } from 'vitest'
import { RECONNECT } from '@streams/effects/reconnect'
import { SEND_WAIT_MS } from '../../../src/adapters/local-messaging/local-messaging'

describe('a chat line typed during an outage', () => {
  // fault.spec lost a line typed while "Reconnecting…" when a restarted server took 26 s to
  // listen: the line gave up after 30 s while the client went on reconnecting for 60 s.
  it('waits for the connection as long as the client keeps reconnecting', () => {
    expect(SEND_WAIT_MS).toBeGreaterThanOrEqual(RECONNECT.giveUpMs)
  })
})
