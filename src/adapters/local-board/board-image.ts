import type { Observable } from 'rxjs'
import { BoardFileSchema, type BoardFile } from '@streams/wire/board'
import { compile } from '@streams/wire/validate'

/** How long an inserted image may take to be stored: its upload and the server's conversion. */
const STORE_TIMEOUT_MS = 60_000

const checkFile = compile(BoardFileSchema)

/** The document centre takes images by their name's extension. */
function nameOf(file: File): string {
  if (/\.(png|jpe?g|webp|gif)$/i.test(file.name)) return file.name
  const type = file.type.split('/')[1] ?? 'png'
  return `image.${type === 'jpeg' ? 'jpg' : type}`
}

/**
 * An image put on the board (pasted or dropped on the drawing surface) is stored with the board's
 * documents, as a one-page document, and drawn from there by every side and by the live picture:
 * this uploads it, waits for the server to have its page, and answers the page's address, which
 * becomes the image element's file id. A refusal (not a writer, not an image) throws its reason.
 */
export async function storeBoardImage(
  boardId: string,
  token: string,
  file: File,
  files$: Observable<BoardFile>,
): Promise<string> {
  const seen = new Map<string, BoardFile>()
  let wake = () => undefined as void
  const subscription = files$.subscribe((f) => {
    seen.set(f.fileId, f)
    wake()
  })
  try {
    const url = `/api/board/${encodeURIComponent(boardId)}/files?name=${encodeURIComponent(nameOf(file))}`
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: file,
    })
    const body = (await response.json().catch(() => undefined)) as
      { code?: number; msg?: string; data?: unknown } | undefined
    if (body?.code !== 0 || !checkFile.check(body.data))
      throw new Error(body?.msg ?? `the image was not stored (HTTP ${response.status})`)
    const stored = body.data
    const deadline = Date.now() + STORE_TIMEOUT_MS
    for (;;) {
      const now = seen.get(stored.fileId) ?? stored
      const page = now.pages[0]
      if (now.status === 'ready' && page) return page.src
      if (now.status === 'failed')
        throw new Error(`the image could not be stored (${now.reason ?? 'failed'})`)
      const left = deadline - Date.now()
      if (left <= 0) throw new Error('the image took too long to be stored')
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
    }
  } finally {
    subscription.unsubscribe()
  }
}
