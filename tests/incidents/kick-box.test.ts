// Written by `npm run incident` from a session log; the log is fixtures/incidents/kick-box.ndjson.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { valueAt } from '../../src/cli/incident-value'
import { replayNdjson } from '@streams/replay/engine'
import { stepOfSeq } from '@streams/replay/query'
import { stateToJson } from '@streams/replay/state-json'

const log = replayNdjson(
  readFileSync(join(__dirname, '..', '..', 'fixtures', 'incidents', 'kick-box.ndjson'), 'utf8'),
)
const state: unknown = JSON.parse(stateToJson(log.stateAt(stepOfSeq(log.envelopes, 23))))

describe('incident kick-box', () => {
  it('after event #23: ui.dialogs.0.kind is "kicked"', () => {
    expect(valueAt(state, 'ui.dialogs.0.kind')).toEqual('kicked')
  })

  it('after event #23: session.phase is "inRoom"', () => {
    expect(valueAt(state, 'session.phase')).toEqual('inRoom')
  })
})
