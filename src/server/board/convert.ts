import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'

/**
 * The document centre's converter: PDF pages rendered to PNG with pdfjs-dist on
 * @napi-rs/canvas (both from npm, the canvas binary shipped in its platform package), images
 * kept as one static page, PowerPoint converted to PDF by LibreOffice when the server has it.
 */

export type DocumentKind = 'pdf' | 'image' | 'slides'

export interface ConvertedPage {
  readonly width: number
  readonly height: number
  readonly mime: string
  readonly body: Uint8Array
}

export class ConvertError extends Error {
  constructor(
    readonly reason: 'unsupported' | 'noLibreOffice' | 'badFile' | 'tooManyPages',
    message: string,
  ) {
    super(message)
    this.name = 'ConvertError'
  }
}

export const MAX_PAGES = 300
/** Pages are rendered this wide at most (px). */
const TARGET_WIDTH = 1600

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
}
const SLIDE_EXTENSIONS = new Set(['ppt', 'pptx', 'pps', 'ppsx', 'odp', 'key'])

const extension = (fileName: string) => fileName.toLowerCase().split('.').pop() ?? ''

/** What a file is, from its name; throws 'unsupported' for anything else. */
export function documentKind(fileName: string): DocumentKind {
  const ext = extension(fileName)
  if (ext === 'pdf') return 'pdf'
  if (ext in IMAGE_TYPES) return 'image'
  if (SLIDE_EXTENSIONS.has(ext)) return 'slides'
  throw new ConvertError(
    'unsupported',
    `unsupported file type '.${ext}': upload PDF, images or PowerPoint`,
  )
}

const run = promisify(execFile)
let office: Promise<string | null> | undefined

/** The LibreOffice binary on this server, or null when it is not installed. */
export function findLibreOffice(): Promise<string | null> {
  office ??= (async () => {
    for (const name of ['soffice', 'libreoffice']) {
      try {
        const { stdout } = await run('sh', ['-c', `command -v ${name}`])
        if (stdout.trim()) return stdout.trim()
      } catch {
        // not this one
      }
    }
    return null
  })()
  return office
}

/** Converts a document into static pages, reporting progress (0 to 100) as pages complete. */
export async function convertDocument(
  fileName: string,
  body: Uint8Array,
  onPage: (page: ConvertedPage, index: number, total: number) => Promise<void>,
): Promise<number> {
  const kind = documentKind(fileName)
  if (kind === 'image') {
    const { loadImage } = await import('@napi-rs/canvas')
    let image: Awaited<ReturnType<typeof loadImage>>
    try {
      image = await loadImage(Buffer.from(body))
    } catch {
      throw new ConvertError('badFile', 'the image could not be read')
    }
    const mime = IMAGE_TYPES[extension(fileName)] ?? 'image/png'
    await onPage({ width: image.width, height: image.height, mime, body }, 0, 1)
    return 1
  }
  const pdf = kind === 'pdf' ? body : await slidesToPdf(fileName, body)
  return renderPdf(pdf, onPage)
}

async function slidesToPdf(fileName: string, body: Uint8Array): Promise<Uint8Array> {
  const soffice = await findLibreOffice()
  if (!soffice)
    throw new ConvertError(
      'noLibreOffice',
      'PowerPoint conversion needs LibreOffice on the server, and it is not installed',
    )
  const dir = await mkdtemp(join(tmpdir(), 'roomcast-slides-'))
  try {
    const input = join(dir, `input.${extension(fileName)}`)
    await writeFile(input, body)
    await run(soffice, ['--headless', '--convert-to', 'pdf', '--outdir', dir, input], {
      timeout: 120_000,
    })
    return new Uint8Array(await readFile(join(dir, 'input.pdf')))
  } catch (error) {
    if (error instanceof ConvertError) throw error
    throw new ConvertError('badFile', 'LibreOffice could not convert the slides')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

const require = createRequire(import.meta.url)
const standardFontDataUrl =
  join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/'

async function renderPdf(
  data: Uint8Array,
  onPage: (page: ConvertedPage, index: number, total: number) => Promise<void>,
): Promise<number> {
  const [pdfjs, { createCanvas }] = await Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    import('@napi-rs/canvas'),
  ])
  let doc: Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>
  try {
    doc = await pdfjs.getDocument({
      data: new Uint8Array(data),
      standardFontDataUrl,
      isEvalSupported: false,
      verbosity: 0,
    }).promise
  } catch {
    throw new ConvertError('badFile', 'the PDF could not be read')
  }
  try {
    const total = doc.numPages
    if (total > MAX_PAGES)
      throw new ConvertError('tooManyPages', `a document has at most ${MAX_PAGES} pages`)
    for (let index = 0; index < total; index++) {
      const page = await doc.getPage(index + 1)
      const base = page.getViewport({ scale: 1 })
      const viewport = page.getViewport({ scale: Math.min(2, TARGET_WIDTH / base.width) })
      const width = Math.ceil(viewport.width)
      const height = Math.ceil(viewport.height)
      const canvas = createCanvas(width, height)
      const context = canvas.getContext('2d')
      context.fillStyle = '#ffffff'
      context.fillRect(0, 0, width, height)
      await page.render({
        canvas: canvas as unknown as HTMLCanvasElement,
        canvasContext: context as unknown as CanvasRenderingContext2D,
        viewport,
      }).promise
      page.cleanup()
      const png = await canvas.encode('png')
      await onPage({ width, height, mime: 'image/png', body: new Uint8Array(png) }, index, total)
    }
    return total
  } finally {
    await doc.destroy()
  }
}
