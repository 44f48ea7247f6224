import { useParams } from 'react-router';
import { QuestEditor } from '../features/retention/quest-editor.tsx';
import { TournamentEditor } from '../features/retention/tournament-editor.tsx';
import { WheelEditor } from '../features/retention/wheel-editor.tsx';
import { Permitted } from '../ui/permitted.tsx';

export const meta = () => [{ title: 'Retention editor · Croupier back office' }];

/** One quest, tournament or wheel (`/retention/<kind>/<id>`, `new` for a new one), with the player's view. */
export default function RetentionEdit() {
  const { kind = '', id = '' } = useParams();
  const key = `${kind}/${id}`;
  const existing = id === 'new' ? null : id;
  return (
    <Permitted permission="retention:write">
      {kind === 'quests' && <QuestEditor key={key} id={existing} />}
      {kind === 'tournaments' && <TournamentEditor key={key} id={existing} />}
      {kind === 'wheels' && <WheelEditor key={key} id={existing} />}
    </Permitted>
  );
}
