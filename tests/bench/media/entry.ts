/** What a headless bench participant needs of its room entry. */
export interface BenchEntry {
  readonly channel: string
  readonly uid: string
  readonly rtcToken: string
}

const ROOM = '/api/s1/serve/roomcast/v1/'

/**
 * Enters a room over REST as a fresh visitor (its own cookie), as a page would, as a conferee
 * (role 2). Kept free of the server's modules, so a watcher process starts light.
 */
export async function enterRoom(
  url: string,
  form: { roomName: string; userName: string },
): Promise<BenchEntry> {
  const answer = await fetch(`${url}${ROOM}room/entry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({
      roomName: form.roomName,
      userName: form.userName,
      role: 2,
      roomType: 2,
      password: 'pw',
    }),
  })
  const body = (await answer.json()) as { code: number; msg: string; data: any }
  if (body.code !== 0) throw new Error(`entry refused: ${body.code} ${body.msg}`)
  return {
    channel: body.data.roomInfo.channelName,
    uid: body.data.me.uid,
    rtcToken: body.data.me.rtcToken,
  }
}
