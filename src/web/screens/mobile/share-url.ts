/** The link that opens a room's guide, marked as a share ([ROUTE-9] share=1). */
export function shareUrl(origin: string, roomId: string): string {
  return `${origin}/m/guide?${new URLSearchParams({ roomId, share: '1' }).toString()}`
}
