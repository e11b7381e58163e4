import type { BoardTokenData } from '@streams/wire/board'
import type { Member } from '@streams/wire/member'
import type { Tokens } from '../auth/tokens'
import type { RoomRow } from '../store/rooms'

/**
 * Where a room's whiteboard lives: our own board service (local mode) or Netless's cloud (Agora
 * mode, src/server/agora/netless.ts). The room routes ask it for `GET room/{roomId}/board` and
 * never know which one runs.
 */
export interface BoardEngine {
  readonly kind: 'local' | 'netless'
  /**
   * The room's board id and a token for this member, carrying the member's rights where the
   * engine's tokens can ([BOARD-1], [WB-2]). Refusals are ApiFailures the client shows.
   */
  issue(room: RoomRow, member: Member): Promise<BoardTokenData>
}

/**
 * Local mode: the board id is the room's `board_id` and the token a `board` kind token of this
 * server; the board's socket checks the grant itself on every write (docs/board.md "Server").
 */
export function localBoardEngine(tokens: Tokens): BoardEngine {
  return {
    kind: 'local',
    async issue(room, member) {
      const boardToken = tokens.sign({
        kind: 'board',
        sub: member.uid,
        ch: room.board_id,
        uid: member.userId,
      })
      return { boardId: room.board_id, boardToken }
    },
  }
}
