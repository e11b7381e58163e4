import { makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'

const useStyles = makeStyles({
  bars: { display: 'inline-flex', alignItems: 'flex-end', gap: '1px', height: '12px' },
  bar: { width: '3px', borderRadius: '1px' },
})

/**
 * [TRACK-9] Network quality on Agora's scale as four bars: 1 excellent shows four, 5 very bad
 * one, 6 down none; 0 (unknown) shows nothing lit.
 */
export function NetworkBars({ quality }: { quality: number }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const lit = quality >= 1 && quality <= 5 ? Math.max(1, 5 - quality) : 0
  const color =
    lit >= 3
      ? tokens.colorPaletteGreenForeground1
      : lit === 2
        ? tokens.colorPaletteYellowForeground1
        : tokens.colorPaletteRedForeground1
  return (
    <span
      className={styles.bars}
      role="img"
      aria-label={t('media.quality', { level: t(`media.qualities.${quality}`) })}
    >
      {[1, 2, 3, 4].map((i) => (
        <span
          key={i}
          className={styles.bar}
          style={{
            height: `${i * 3}px`,
            backgroundColor: i <= lit ? color : tokens.colorNeutralStroke1,
          }}
        />
      ))}
    </span>
  )
}
