import type { EntryAnswerData } from '../wire/rest/room'
import type { Member } from '../wire/member'

/** Outcomes of REST calls the client makes. Secrets inside are redacted by the recorder. */
export type RestEvent =
  | { readonly type: 'rest/roomEntered'; readonly data: EntryAnswerData }
  | {
      readonly type: 'rest/roomEntryFailed'
      readonly message: string
      readonly field?: string
      readonly reason?: string
    }
  | { readonly type: 'rest/usersLoaded'; readonly users: readonly Member[]; readonly total: number }
  | { readonly type: 'rest/roomExited' }
  | { readonly type: 'rest/callFailed'; readonly call: string; readonly message: string }
