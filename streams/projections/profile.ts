import { defineProjection } from '../core/projection'
import type { Event } from '../events'
import type { ProfileState } from './state/profile'
export type { Profile, ProfileState } from './state/profile'

export const profileProjection = defineProjection<ProfileState, Event>(null, {
  'rest/roomEntered': (_, { data: { me } }) => ({
    userId: me.userId,
    userName: me.userName,
    userPhoto: me.userPhoto,
  }),
})
