import type { PeerCmdId, PeerData } from '../wire/peer'

/** Decoded peer messages ([APPLY-5]) and the outcome of the ones I send. */
interface FromPeer {
  readonly from: string
  readonly timestamp: number
  readonly data: PeerData
}

export type PeerEvent =
  | ({ readonly type: 'peer/inviteReceived' } & FromPeer)
  | ({ readonly type: 'peer/applyReceived' } & FromPeer)
  | ({ readonly type: 'peer/userStateReceived' } & FromPeer)
  | {
      readonly type: 'peer/sent'
      readonly to: string
      readonly cmd: PeerCmdId
      readonly data: PeerData
    }
  /** Refused before sending ([MSG-2]) or failed on the way; re-thrown to the caller as this fact ([BOARD-12]). */
  | {
      readonly type: 'peer/sendFailed'
      readonly to: string
      readonly cmd: number
      readonly message: string
    }
