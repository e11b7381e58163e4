import type { TFunction } from 'i18next'
import type { EntryError } from '@streams/projections/session'

type FormField = 'roomName' | 'userName' | 'password' | 'role'
const FIELDS: readonly string[] = ['roomName', 'userName', 'password', 'role']

/** Refusals the server explains by a reason key, and the field each belongs to ([HOME-6]). */
const FIELD_OF_REASON: Readonly<Record<string, FormField>> = {
  noRoom: 'roomName',
  wrongPassword: 'password',
  hostExists: 'role',
  confereesFull: 'role',
  roomFull: 'roomName',
}

/** The form field an entry error is shown at, or null for a message under the form. */
export function entryErrorField(error: EntryError): FormField | null {
  if (error.field && FIELDS.includes(error.field)) return error.field as FormField
  return (error.reason && FIELD_OF_REASON[error.reason]) || null
}

/** The user's words for an entry error: by field and reason when known, else the server's message. */
export function entryErrorText(t: TFunction, error: EntryError): string {
  if (error.reason === 'empty' && error.field)
    return t(`errors.empty.${error.field}`, { defaultValue: error.message })
  if (error.reason === 'tooLong') return t('errors.nameTooLong')
  if (error.reason && error.reason in FIELD_OF_REASON) return t(`errors.${error.reason}`)
  if (error.message === 'Failed to join messaging') return t('errors.messagingFailed')
  if (error.message === 'The messaging service could not be reached')
    return t('errors.messagingTimeout')
  if (error.message === 'Too many connections') return t('errors.tooManyConnections')
  if (error.message === 'request failed') return t('errors.requestFailed')
  return t('errors.joinFailed', { reason: error.message })
}
