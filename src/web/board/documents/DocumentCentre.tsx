import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  Field,
  MessageBar,
  MessageBarBody,
  OverlayDrawer,
  ProgressBar,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { DismissRegular } from '@fluentui/react-icons'
import { useEffect, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { RestFailure } from '@streams/ports/rest'
import type { BoardFile } from '@streams/wire/board'
import type { Observable } from 'rxjs'
import type { BoardScene } from '@streams/ports'
import { listFiles, uploadFile } from '../board-api'

const useStyles = makeStyles({
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
  },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
    padding: '8px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  row: { display: 'flex', alignItems: 'center', gap: '8px' },
  name: { flexGrow: 1, wordBreak: 'break-all' },
  body: { display: 'flex', flexDirection: 'column', gap: '12px' },
})

type Upload = { name: string; percent: number } | undefined

/** How often the list is read again while a document converts, on a board without pushes. */
const POLL_MS = 1000

/** What the centre needs of a board: our own (local mode) or white-web-sdk's (Agora mode). */
export interface DocumentBoard {
  readonly boardId: string | undefined
  /** The document centre's token (the board token in local mode). */
  readonly token: string | undefined
  /** Conversion steps as the server pushes them; without it the list is read again instead. */
  readonly files$?: Observable<BoardFile>
  putScenes(
    dir: string,
    scenes: readonly BoardScene[],
    info: { fileName: string; fileType: string; dynamic: boolean },
  ): Promise<void>
  setScenePath(path: string): Promise<void>
}

/**
 * The document centre: the board's documents, upload with a progress bar (upload, then the
 * server's conversion), and a converted document opened on the board as a scene set.
 */
export function DocumentCentre({ board, onClose }: { board: DocumentBoard; onClose: () => void }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const [files, setFiles] = useState<readonly BoardFile[]>([])
  const [upload, setUpload] = useState<Upload>()
  const [message, setMessage] = useState<{ intent: 'success' | 'error'; text: string }>()
  const boardId = board.boardId
  const token = board.token

  useEffect(() => {
    if (!boardId || !token) return
    let live = true
    listFiles(boardId, token).then(
      (list) => live && setFiles(list),
      () => undefined,
    )
    const subscription = board.files$?.subscribe((file) => {
      setFiles((list) =>
        list.some((f) => f.fileId === file.fileId)
          ? list.map((f) => (f.fileId === file.fileId ? file : f))
          : [...list, file],
      )
      if (file.status === 'ready')
        setMessage({ intent: 'success', text: t('board.documents.uploadSucceeded') })
      if (file.status === 'failed')
        setMessage({
          intent: 'error',
          text: t('board.documents.uploadFailed', { reason: reasonText(file.reason) }),
        })
    })
    return () => {
      live = false
      subscription?.unsubscribe()
    }
  }, [board, boardId, token, t]) // eslint-disable-line react-hooks/exhaustive-deps

  // No pushes (Agora mode): the list again every second while a document is being converted.
  const converting = files.some((f) => f.status === 'uploaded' || f.status === 'converting')
  useEffect(() => {
    if (board.files$ || !converting || !boardId || !token) return
    const timer = setInterval(() => {
      listFiles(boardId, token).then(setFiles, () => undefined)
    }, POLL_MS)
    return () => clearInterval(timer)
  }, [board, converting, boardId, token])

  function reasonText(reason: string | undefined): string {
    if (reason === 'noLibreOffice') return t('board.documents.noLibreOffice')
    if (reason === 'unsupported') return t('board.documents.unsupported')
    if (reason === 'notWriter') return t('board.documents.writersOnly')
    return reason ?? ''
  }

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file || !boardId || !token) return
    setMessage(undefined)
    setUpload({ name: file.name, percent: 0 })
    try {
      const created = await uploadFile(boardId, token, file, (percent) =>
        setUpload({ name: file.name, percent }),
      )
      setFiles((list) =>
        list.some((f) => f.fileId === created.fileId) ? list : [...list, created],
      )
    } catch (error) {
      const reason = error instanceof RestFailure ? error.reason : undefined
      const known = reason === 'noLibreOffice' || reason === 'unsupported' || reason === 'notWriter'
      const text = known
        ? reasonText(reason)
        : error instanceof Error
          ? error.message
          : String(error)
      setMessage({ intent: 'error', text: t('board.documents.uploadFailed', { reason: text }) })
    } finally {
      setUpload(undefined)
    }
  }

  const show = async (file: BoardFile) => {
    await board.putScenes(file.dir, file.pages, {
      fileName: file.fileName,
      fileType: file.fileType,
      dynamic: false,
    })
    await board.setScenePath(`${file.dir}/${file.pages[0]?.name ?? '1'}`)
    onClose()
  }

  return (
    <OverlayDrawer
      open
      position="end"
      size="medium"
      onOpenChange={(_, data) => !data.open && onClose()}
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button
              appearance="subtle"
              aria-label={t('board.documents.close')}
              icon={<DismissRegular />}
              onClick={onClose}
            />
          }
        >
          {t('board.documents.title')}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.body}>
        <Field label={t('board.documents.upload')}>
          <input
            type="file"
            aria-label={t('board.documents.upload')}
            accept=".pdf,.png,.jpg,.jpeg,.webp,.gif,.ppt,.pptx,.odp"
            disabled={Boolean(upload)}
            onChange={(e) => void choose(e)}
          />
        </Field>
        {upload && (
          <Field label={t('board.documents.uploading', upload)}>
            <ProgressBar
              value={upload.percent / 100}
              aria-label={t('board.documents.uploading', upload)}
            />
          </Field>
        )}
        {message && (
          <MessageBar intent={message.intent}>
            <MessageBarBody>{message.text}</MessageBarBody>
          </MessageBar>
        )}
        {files.length === 0 && <Text>{t('board.documents.empty')}</Text>}
        <ul className={styles.list} aria-label={t('board.documents.title')}>
          {files.map((file) => (
            <li key={file.fileId} className={styles.item}>
              <div className={styles.row}>
                <Text className={styles.name} weight="semibold">
                  {file.fileName}
                </Text>
                <Text size={200}>{t(`board.documents.status.${file.status}`)}</Text>
              </div>
              {file.status === 'converting' && (
                <ProgressBar
                  value={file.progress / 100}
                  aria-label={t('board.documents.converting', {
                    name: file.fileName,
                    percent: file.progress,
                  })}
                />
              )}
              {file.status === 'failed' && <Text size={200}>{reasonText(file.reason)}</Text>}
              {file.status === 'ready' && (
                <div className={styles.row}>
                  <Text size={200} className={styles.name}>
                    {t('board.documents.pages', { count: file.totalPages })}
                  </Text>
                  <Button size="small" appearance="primary" onClick={() => void show(file)}>
                    {t('board.documents.show')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </DrawerBody>
    </OverlayDrawer>
  )
}
