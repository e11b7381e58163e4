import { describe, expect, it } from 'vitest'
import { NICKNAME_MIN_LENGTH } from '@streams/wire/constants'
import { displayName } from '@streams/wire/names'

describe('the name a user joins with', () => {
  it('[HOME-5] a nickname shorter than 3 characters falls back to the login name', () => {
    expect(NICKNAME_MIN_LENGTH).toBe(3)
    expect(displayName({ nickName: 'Jo', loginName: 'joanna.li' })).toBe('joanna.li')
    expect(displayName({ nickName: ' J ', loginName: 'joanna.li' })).toBe('joanna.li')
    expect(displayName({ nickName: 'Joe', loginName: 'joanna.li' })).toBe('Joe')
    // without a login name the short nickname is all there is
    expect(displayName({ nickName: 'Jo', loginName: '' })).toBe('Jo')
    // a chosen join name comes first
    expect(displayName({ joinName: 'Dr Li', nickName: 'Jo', loginName: 'joanna.li' })).toBe('Dr Li')
    expect(displayName({ joinName: '  ', nickName: 'Jo', loginName: 'joanna.li' })).toBe(
      'joanna.li',
    )
  })
})
