import { Button, Field, Input, Text, makeStyles } from '@fluentui/react-components'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { addBusinessTexts } from '../i18n/business'
import { useSelector, useSession } from '../session/context'
import { ListDialog, ListRow } from '../ui/ListDialog'
import { price } from './GoodsCard'

const useStyles = makeStyles({
  list: { gap: '6px' },
  row: { flexWrap: 'wrap', alignItems: 'center', gap: '6px', padding: '6px 8px' },
  name: { flexGrow: 1 },
  form: { display: 'flex', flexDirection: 'column', gap: '8px', marginTop: '12px' },
})

const selectList = (s: State) => s.business.goodsList
const selectShown = (s: State) => s.business.goods?.goodsId ?? null

/** The host's goods: add goods, and show one to the room as a card (or hide it again). */
export default function GoodsDialog({ onClose }: { onClose: () => void }) {
  addBusinessTexts()
  const styles = useStyles()
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const list = useSelector(selectList)
  const shown = useSelector(selectShown)
  const [title, setTitle] = useState('')
  const [amount, setAmount] = useState('')
  const [url, setUrl] = useState('')
  const [image, setImage] = useState('')
  useEffect(() => {
    dispatch({ type: 'ui/goodsOpened' })
  }, [dispatch])
  const cents = Math.round(Number(amount || '0') * 100)
  const valid = title.trim() !== '' && Number.isFinite(cents) && cents >= 0
  const add = (event: FormEvent) => {
    event.preventDefault()
    if (!valid) return
    dispatch({
      type: 'ui/goodsAdded',
      draft: { title: title.trim(), price: cents, url: url.trim(), goodsImg: image.trim() },
    })
    setTitle('')
    setAmount('')
    setUrl('')
    setImage('')
  }
  return (
    <ListDialog
      open
      onClose={onClose}
      title={t('biz.goods.title')}
      empty={list?.length === 0 ? t('biz.goods.none') : null}
      closeLabel={t('biz.goods.close')}
      listClassName={styles.list}
      below={
        <form className={styles.form} onSubmit={add} aria-label={t('biz.goods.add')}>
          <Field label={t('biz.goods.name')} required>
            <Input value={title} maxLength={100} onChange={(_, d) => setTitle(d.value)} />
          </Field>
          <Field label={t('biz.goods.price')}>
            <Input
              type="number"
              min={0}
              step={0.01}
              value={amount}
              onChange={(_, d) => setAmount(d.value)}
            />
          </Field>
          <Field label={t('biz.goods.url')}>
            <Input type="url" value={url} onChange={(_, d) => setUrl(d.value)} />
          </Field>
          <Field label={t('biz.goods.image')}>
            <Input type="url" value={image} onChange={(_, d) => setImage(d.value)} />
          </Field>
          <Button type="submit" appearance="primary" disabled={!valid}>
            {t('biz.goods.add')}
          </Button>
        </form>
      }
    >
      {(list ?? []).map((g) => (
        <ListRow key={g.goodsId} className={styles.row} label={g.title}>
          <Text className={styles.name}>
            {g.title} · ¥ {price(g.price)}
          </Text>
          <Button
            size="small"
            appearance={shown === g.goodsId ? 'secondary' : 'primary'}
            onClick={() =>
              dispatch({
                type: 'ui/goodsPresented',
                goodsId: g.goodsId,
                show: shown !== g.goodsId,
              })
            }
          >
            {shown === g.goodsId ? t('biz.goods.hide') : t('biz.goods.show')}
          </Button>
        </ListRow>
      ))}
    </ListDialog>
  )
}
