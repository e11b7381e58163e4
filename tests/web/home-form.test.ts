import { describe, expect, it } from 'vitest'
import { Role, RoomType } from '../../src/web/screens/home/form-values'
import { Role as WireRole, RoomType as WireRoomType } from '@streams/wire/roles'

describe('home form values', () => {
  it('[HOME-1] offers the wire roles host and conferee and the three room types', () => {
    expect(Role).toEqual({ host: WireRole.host, conferee: WireRole.conferee })
    expect(RoomType).toEqual(WireRoomType)
  })
})
