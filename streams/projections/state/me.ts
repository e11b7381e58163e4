import type { Me } from '../../wire/rest/room'

/** The participant (spec §3 "Participant (me)"), tokens included (redacted in the log). */
export type MeState = Me | null
