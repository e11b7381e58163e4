import { MAX_NAME_LENGTH } from './rest/room'
import type { RoleId, RoomTypeId } from './roles'

/** The home form ([HOME-1]). */
export interface JoinForm {
  readonly roomName: string
  readonly userName: string
  readonly roomType: RoomTypeId
  readonly role: RoleId
  readonly password: string
}

export interface FieldError {
  readonly field: keyof JoinForm
  readonly reason: 'empty' | 'tooLong'
  readonly message: string
}

/**
 * The home form's checks ([HOME-2], [HOME-3]): room name, your name, password and role are each
 * required; a name is at most 20 characters. The server applies the same checks.
 */
export function validateJoinForm(form: JoinForm): FieldError | null {
  if (form.roomName.trim() === '') return empty('roomName')
  if (form.userName.trim() === '') return empty('userName')
  if ([...form.userName.trim()].length > MAX_NAME_LENGTH)
    return { field: 'userName', reason: 'tooLong', message: 'name too long' }
  if (form.password === '') return empty('password')
  if (!form.role) return empty('role')
  return null
}

function empty(field: keyof JoinForm): FieldError {
  return { field, reason: 'empty', message: `params: ${field} can't be empty` }
}
