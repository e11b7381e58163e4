import { makeStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useSelector } from '../session/context'
import { selectTiles } from './tiles'
import { VideoTile } from './VideoTile'

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
    gap: '8px',
    alignContent: 'start',
  },
  screen: { gridColumn: '1 / -1' },
})

/** The video area: one tile per publisher and per screen share; the adapter renders the video. */
export function VideoGrid() {
  const styles = useStyles()
  const { t } = useTranslation()
  const tiles = useSelector(selectTiles)
  if (tiles.length === 0) return null
  return (
    <section className={styles.grid} aria-label={t('media.videos')}>
      {tiles.map((tile) => (
        <VideoTile
          key={tile.uid}
          uid={tile.uid}
          name={tile.screen ? t('media.screenOf', { name: tile.name }) : tile.name}
          photo={tile.photo}
          fit={tile.screen ? 'contain' : 'cover'}
          quality={tile.quality}
          audio={tile.audio}
          className={tile.screen ? styles.screen : undefined}
        />
      ))}
    </section>
  )
}
