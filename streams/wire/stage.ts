/**
 * Stage uids (Agora mode): media uids of a room that are no member, under which a host's client
 * publishes what Agora's live transcoding and cloud recording must place or hear but no member
 * publishes: the shared whiteboard's picture, and each interpreted language's sound mix. They are
 * five-digit numbers, a range no member, screen share (seats: 100000 and up), RTMP input user
 * (four digits, [RTMP-1]) or cloud recorder (2^31 and up) ever gets.
 */

/** The lowest stage uid. */
export const STAGE_UID_MIN = 10_000
/** One past the highest stage uid. */
export const STAGE_UID_END = 100_000

/** Is this uid a stage (no member: a board picture or a language mix)? */
export function isStageUid(uid: string): boolean {
  if (!/^\d{5}$/.test(uid)) return false
  const n = Number(uid)
  return n >= STAGE_UID_MIN && n < STAGE_UID_END
}

/** What a stage carries: the shared whiteboard's picture, or one language stream's sound. */
export type Stage =
  { readonly stage: 'board' } | { readonly stage: 'language'; readonly streamId: string }

/** The key a stage is stored and compared by: 'board', or 'language:{streamId}'. */
export function stageKey(stage: Stage): string {
  return stage.stage === 'board' ? 'board' : `language:${stage.streamId}`
}
