import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { FolderOpen24Regular } from '@fluentui/react-icons'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'

const useStyles = makeStyles({
  picker: { display: 'inline-flex', alignItems: 'center', gap: '8px' },
  // The label looks like a button; the input stays in the page, visible to assistive tech.
  label: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '6px',
    padding: '5px 12px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    fontWeight: tokens.fontWeightSemibold,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-within': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  primary: {
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBrandBackground,
    border: `1px solid ${tokens.colorBrandBackground}`,
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover },
  },
  input: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    opacity: 0,
    overflow: 'hidden',
  },
})

/** The file picker: an `<input type="file">` labelled "Open a session log". */
export function OpenLog({
  onFile,
  primary = false,
}: {
  onFile: (file: File) => void
  primary?: boolean
}) {
  const styles = useStyles()
  const { t } = useTranslation()
  const id = useId()
  return (
    <span className={styles.picker}>
      <label htmlFor={id} className={mergeClasses(styles.label, primary && styles.primary)}>
        <FolderOpen24Regular aria-hidden />
        {t('replay.open')}
      </label>
      <input
        id={id}
        type="file"
        accept=".ndjson,.jsonl,.json,.log,.txt,application/x-ndjson"
        className={styles.input}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0]
          // the same file chosen again opens again
          event.currentTarget.value = ''
          if (file) onFile(file)
        }}
      />
    </span>
  )
}
