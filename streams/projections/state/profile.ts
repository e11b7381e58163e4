/** My own base info (spec §3 "Base user profile"); kept on exit ([EXIT-1]). */
export interface Profile {
  readonly userId: string
  readonly userName: string
  readonly userPhoto: string
}

export type ProfileState = Profile | null
