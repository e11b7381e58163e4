import type { MuteAllId } from '../../wire/constants'
import type { Flag } from '../../wire/roles'

/** The conference state (spec §3). */
export interface ConferenceState {
  readonly muteAllAudio: MuteAllId
  readonly muteAllChat: Flag
  readonly shareBoard: Flag
  readonly shareScreen: Flag
  /** '0' (or '') when nobody created the board session ([BOARD-4], [BOARD-5]). */
  readonly createBoardUserId: string
  readonly boardId: string
  readonly boardToken: string
  /** '' when nobody is on the main screen ([MAIN-1]). */
  readonly mainScreenUid: string
  readonly totalPeople: number
  readonly replacedHostUid: string
  readonly showLuckyMoney: Flag
  /**
   * Remaining minutes of the meeting, for hosts ([COUNT-1]); null before the first refresh and
   * while the room has no time limit.
   */
  readonly remainingMinutes: number | null
}
