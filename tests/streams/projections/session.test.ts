import { describe, expect, it } from 'vitest'
import type { Event } from '@streams/events'
import { initialState, reduce } from '@streams/projections'

const form = { roomName: 'Room', userName: 'Ann', roomType: 1, role: 1, password: 'pw' } as const
const submit = (over: Record<string, unknown>): Event => ({
  type: 'ui/joinSubmitted',
  form: { ...form, ...over } as never,
})

describe('home form rules', () => {
  it('[HOME-2] missing room name, name, password and role are each a distinct error', () => {
    const fields = (['roomName', 'userName', 'password', 'role'] as const).map((field) => {
      const state = reduce(initialState, submit({ [field]: field === 'role' ? 0 : '' }))
      return [
        state.session.entryError?.field,
        state.session.entryError?.reason,
        state.session.phase,
      ]
    })
    expect(fields).toEqual([
      ['roomName', 'empty', 'idle'],
      ['userName', 'empty', 'idle'],
      ['password', 'empty', 'idle'],
      ['role', 'empty', 'idle'],
    ])
  })

  it("[HOME-3] a name over 20 characters is refused with 'name too long'", () => {
    const state = reduce(initialState, submit({ userName: '一'.repeat(21) }))
    expect(state.session.entryError).toEqual({
      field: 'userName',
      reason: 'tooLong',
      message: 'name too long',
    })
    expect(reduce(initialState, submit({ userName: '一'.repeat(20) })).session.phase).toBe(
      'entering',
    )
  })
})
