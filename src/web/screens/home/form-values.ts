import type { RoleId, RoomTypeId } from '@streams/wire/roles'

/**
 * The home form's choices. The wire module that defines them also builds their schemas (and
 * pulls in TypeBox), so the first screen keeps its own copy, checked against it by a test.
 */
export const Role = { host: 1, conferee: 2 } as const satisfies Record<string, RoleId>
export const RoomType = {
  oneToOne: 0,
  smallClass: 1,
  lectureHall: 2,
} as const satisfies Record<string, RoomTypeId>
