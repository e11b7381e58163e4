import { defineProjection } from '../core/projection'
import type { Event } from '../events'
import type { State } from './state'

/** My own base info (spec §3 "Base user profile"); kept on exit ([EXIT-1]). */
export interface Profile {
  readonly userId: string
  readonly userName: string
  readonly userPhoto: string
}
export type ProfileState = Profile | null

export const profileProjection = defineProjection<ProfileState, Event, State>(null, {
  'rest/roomEntered': (_, { data: { me } }) => ({
    userId: me.userId,
    userName: me.userName,
    userPhoto: me.userPhoto,
  }),
})
