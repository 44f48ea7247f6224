import { useI18n } from '../../shared/i18n/i18n.tsx';
import { BoardPanel } from './board-panel.tsx';
import { HOME_BOARDS } from './board-rows.ts';
import { BoardTable } from './board-table.tsx';
import { useLiveBoard } from './use-live-board.ts';

function LivePanel({ index, active }: { index: number; active: boolean }) {
  const { t } = useI18n();
  const board = HOME_BOARDS[index]!;
  const { rows, loaded, fresh } = useLiveBoard(board.channel);
  return (
    <BoardPanel index={index} active={active}>
      <BoardTable
        caption={t(`global-components.activity.${board.titleKey}`)}
        rows={rows}
        loaded={loaded}
        fresh={fresh}
      />
    </BoardPanel>
  );
}

/** The boards' live part, loaded after hydration (kept out of the first-load bundle with the socket code). */
export default function LivePanels({ active }: { active: number }) {
  return (
    <>
      {HOME_BOARDS.map((board, i) => (
        <LivePanel key={board.id} index={i} active={i === active} />
      ))}
    </>
  );
}
