import type { TFunction } from 'i18next'
import { RestFailure } from '@streams/ports/rest'

/** The user's words for a failed auth call: by the server's reason when known. */
export function loginErrorText(t: TFunction, error: unknown): string {
  if (error instanceof RestFailure) {
    if (error.reason) return t(`login.errors.${error.reason}`, { defaultValue: error.message })
    if (error.message === 'request failed') return t('errors.requestFailed')
    return error.message
  }
  return t('errors.requestFailed')
}
