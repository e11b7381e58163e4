import type { TFunction } from 'i18next'
import type { EntryError } from '../../../../streams/projections/session'

const KNOWN = new Set(['noRoom', 'wrongPassword', 'hostExists', 'confereesFull', 'roomFull'])

/** The user's words for an entry error: by field and reason when known, else the server's message. */
export function entryErrorText(t: TFunction, error: EntryError): string {
  if (error.reason === 'empty' && error.field)
    return t(`errors.empty.${error.field}`, { defaultValue: error.message })
  if (error.reason === 'tooLong') return t('errors.nameTooLong')
  if (error.reason && KNOWN.has(error.reason)) return t(`errors.${error.reason}`)
  if (error.message === 'Failed to join messaging') return t('errors.messagingFailed')
  if (error.message === 'request failed') return t('errors.requestFailed')
  return t('errors.joinFailed', { reason: error.message })
}
