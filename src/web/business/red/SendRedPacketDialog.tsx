import { Button, Field, Input, makeStyles } from '@fluentui/react-components'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { addBusinessTexts } from '../../i18n/business'
import { useSession } from '../../session/context'
import { DialogFrame } from '../../ui/DialogFrame'

const useStyles = makeStyles({ form: { display: 'flex', flexDirection: 'column', gap: '8px' } })

/** Send a red packet (sendRed): points split into shares that members grab, one each. */
export default function SendRedPacketDialog({ onClose }: { onClose: () => void }) {
  addBusinessTexts()
  const styles = useStyles()
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const [total, setTotal] = useState('100')
  const [count, setCount] = useState('5')
  const [greeting, setGreeting] = useState('')
  const totalAmount = Number(total)
  const shares = Number(count)
  const whole = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max
  const tooFew = whole(totalAmount, 1_000_000) && whole(shares, 1000) && shares > totalAmount
  const valid = whole(totalAmount, 1_000_000) && whole(shares, 1000) && !tooFew
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!valid) return
    dispatch({
      type: 'ui/redPacketSent',
      totalAmount,
      count: shares,
      greeting: greeting.trim() || t('biz.red.defaultGreeting'),
    })
    onClose()
  }
  return (
    <DialogFrame
      onClose={onClose}
      title={t('biz.red.title')}
      onSubmit={submit}
      contentClassName={styles.form}
      actions={
        <>
          <Button type="submit" appearance="primary" disabled={!valid}>
            {t('biz.red.sendButton')}
          </Button>
          <Button onClick={onClose}>{t('biz.red.close')}</Button>
        </>
      }
    >
      <Field
        label={t('biz.red.total')}
        required
        validationMessage={tooFew ? t('biz.red.invalid') : undefined}
      >
        <Input
          type="number"
          min={1}
          max={1000000}
          value={total}
          onChange={(_, d) => setTotal(d.value)}
        />
      </Field>
      <Field label={t('biz.red.count')} required>
        <Input
          type="number"
          min={1}
          max={1000}
          value={count}
          onChange={(_, d) => setCount(d.value)}
        />
      </Field>
      <Field label={t('biz.red.greeting')}>
        <Input
          value={greeting}
          maxLength={100}
          placeholder={t('biz.red.defaultGreeting')}
          onChange={(_, d) => setGreeting(d.value)}
        />
      </Field>
    </DialogFrame>
  )
}
