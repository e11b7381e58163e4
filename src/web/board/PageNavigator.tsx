import { Button, Text, Tooltip, makeStyles } from '@fluentui/react-components'
import { AddRegular, ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { BoardControls, ControlView } from './controls'

const useStyles = makeStyles({
  nav: { display: 'flex', alignItems: 'center', gap: '4px' },
})

/** The page navigator: current page and total pages of the scene set (spec §3). */
export function PageNavigator({ board, view }: { board: BoardControls; view: ControlView }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const moving = !view.locked
  return (
    <nav className={styles.nav} aria-label={t('board.pages.label')}>
      <Tooltip content={t('board.pages.previous')} relationship="label">
        <Button
          size="small"
          appearance="subtle"
          icon={<ChevronLeftRegular />}
          disabled={!moving || view.index <= 0}
          onClick={() => void board.setPage(view.index - 1)}
        />
      </Tooltip>
      <Text data-testid="board-page" aria-live="polite">
        {t('board.pages.position', { page: view.index + 1, total: view.total })}
      </Text>
      <Tooltip content={t('board.pages.next')} relationship="label">
        <Button
          size="small"
          appearance="subtle"
          icon={<ChevronRightRegular />}
          disabled={!moving || view.index >= view.total - 1}
          onClick={() => void board.setPage(view.index + 1)}
        />
      </Tooltip>
      {view.dir === '/' && view.writable && moving && (
        <Tooltip content={t('board.pages.add')} relationship="label">
          <Button
            size="small"
            appearance="subtle"
            icon={<AddRegular />}
            onClick={() => void board.addPage()}
          />
        </Tooltip>
      )}
    </nav>
  )
}
