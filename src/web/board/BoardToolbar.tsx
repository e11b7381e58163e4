import {
  Toolbar,
  ToolbarButton,
  ToolbarDivider,
  ToolbarToggleButton,
  Tooltip,
} from '@fluentui/react-components'
import {
  ArrowRedoRegular,
  ArrowUndoRegular,
  ArrowUpRightRegular,
  CircleRegular,
  CursorRegular,
  DeleteRegular,
  EraserRegular,
  FlashlightRegular,
  LineHorizontal1Regular,
  PenRegular,
  RectangleLandscapeRegular,
  TextTRegular,
} from '@fluentui/react-icons'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { TOOLS, type BoardControls, type ControlView, type ToolName } from './controls'

const ICONS: Record<ToolName, ReactElement> = {
  selector: <CursorRegular />,
  pencil: <PenRegular />,
  line: <LineHorizontal1Regular />,
  arrow: <ArrowUpRightRegular />,
  rectangle: <RectangleLandscapeRegular />,
  ellipse: <CircleRegular />,
  text: <TextTRegular />,
  eraser: <EraserRegular />,
  laser: <FlashlightRegular />,
}

/** The whiteboard tools, for writers only ([WB-2]). */
export function BoardToolbar({ board, view }: { board: BoardControls; view: ControlView }) {
  const { t } = useTranslation()
  return (
    <Toolbar
      aria-label={t('board.tools.label')}
      checkedValues={{ tool: [view.tool] }}
      onCheckedValueChange={(_, data) => {
        const tool = data.checkedItems[0] as ToolName | undefined
        if (tool) board.setTool(tool)
      }}
      size="small"
    >
      {TOOLS.map((tool) => (
        <Tooltip key={tool} content={t(`board.tools.${tool}`)} relationship="label">
          <ToolbarToggleButton
            name="tool"
            value={tool}
            icon={ICONS[tool]}
            appearance="subtle"
            disabled={!view.writable}
          />
        </Tooltip>
      ))}
      <ToolbarDivider />
      <Tooltip content={t('board.tools.undo')} relationship="label">
        <ToolbarButton
          icon={<ArrowUndoRegular />}
          disabled={!view.canUndo}
          onClick={() => board.undo()}
        />
      </Tooltip>
      <Tooltip content={t('board.tools.redo')} relationship="label">
        <ToolbarButton
          icon={<ArrowRedoRegular />}
          disabled={!view.canRedo}
          onClick={() => board.redo()}
        />
      </Tooltip>
      <Tooltip content={t('board.tools.clear')} relationship="label">
        <ToolbarButton
          icon={<DeleteRegular />}
          disabled={!view.writable}
          onClick={() => board.clearPage()}
        />
      </Tooltip>
    </Toolbar>
  )
}
