import type { BinaryFileData, ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types'
import type { OrderedExcalidrawElement } from '@excalidraw/excalidraw/element/types'
import type { SurfaceBoard } from './surface-board'

/** A file id that is the address of an image the board stores (a page of its documents). */
export const isStoredImage = (fileId: string): boolean => fileId.startsWith('/api/board/')

/**
 * The images the surface must show that it does not have yet: the page's image (a converted
 * document's) and images inserted on the page, which the board stores (`storeImage`); each is
 * fetched once with the board token and handed to the drawing library (asked again after a
 * failure).
 */
export function loadBoardImages(
  api: ExcalidrawImperativeAPI,
  board: Pick<SurfaceBoard, 'pageImage'>,
  loaded: Set<string>,
  pageImage: string | undefined,
  elements: readonly OrderedExcalidrawElement[],
): void {
  const wanted = new Set<string>(pageImage ? [pageImage] : [])
  for (const e of elements)
    if (e.type === 'image' && !e.isDeleted && e.fileId && isStoredImage(e.fileId))
      wanted.add(e.fileId)
  const files = api.getFiles()
  for (const src of wanted) {
    // The inserting side has the picture already.
    if (loaded.has(src) || files[src]) continue
    loaded.add(src)
    board.pageImage(src).then(
      (file) =>
        api.addFiles([
          {
            dataURL: file.dataURL as BinaryFileData['dataURL'],
            mimeType: file.mimeType as BinaryFileData['mimeType'],
            id: src as BinaryFileData['id'],
            created: Date.now(),
          },
        ]),
      () => loaded.delete(src),
    )
  }
}
