import { makeStyles } from '@fluentui/react-components'
import { addBusinessTexts } from '../i18n/business'
import { GoodsCard } from './GoodsCard'
import { QuestionBox } from './QuestionBox'
import { RedPacketCard } from './red/RedPacketCard'

const useStyles = makeStyles({
  cards: {
    position: 'fixed',
    right: '16px',
    bottom: '72px',
    zIndex: 600,
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    alignItems: 'flex-end',
  },
})

/**
 * What the business features show everyone in the room (CDN audience too, [MSG-5]): the answer
 * box of a quiz, a red packet, the goods card. Each shows only while its state holds.
 */
export function BusinessLayer() {
  addBusinessTexts()
  const styles = useStyles()
  return (
    <>
      <div className={styles.cards}>
        <RedPacketCard />
        <GoodsCard />
      </div>
      <QuestionBox />
    </>
  )
}
