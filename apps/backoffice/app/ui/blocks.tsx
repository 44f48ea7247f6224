import { activeBlocks, type BlockScope } from '../lib/format.ts';

/** The player's blocks as small badges; "none" when every scope is open. */
export function BlockBadges({ blocks }: { blocks: Record<BlockScope, boolean> }) {
  const on = activeBlocks(blocks);
  if (on.length === 0) return <span className="muted">none</span>;
  return (
    <span className="badges">
      {on.map((scope) => (
        <span key={scope} className="badge badge--danger">
          {scope}
        </span>
      ))}
    </span>
  );
}
