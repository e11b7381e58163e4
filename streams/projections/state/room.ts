/** The room (spec §3 "Room (base)"). Conference fields live in `conference`. */
export interface Room {
  readonly roomId: string
  readonly roomUuid: string
  readonly roomName: string
  readonly roomType: number
  readonly channelName: string
  /** 0 ended, anything else active. */
  readonly state: number
  readonly createUserId: string
  readonly createTime: number
  readonly startTime: number
  readonly playbackState: number
  readonly recordingState: number
  readonly audienceWatchType: number
  readonly meetingTopic: number
  readonly publishingHost: number
}

export type RoomState = Room | null
