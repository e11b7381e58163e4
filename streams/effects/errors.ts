import { RestFailure } from '../ports/rest'

/** The message of any failure, never a stack or an object dump. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'string') return error
  return 'request failed'
}

export function restDetails(error: unknown): { field?: string; reason?: string } {
  return error instanceof RestFailure ? { field: error.field, reason: error.reason } : {}
}
