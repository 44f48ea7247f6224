import type { Wheel } from '@croupier/contracts';

const COLORS = ['#ffc53d', '#22c98a', '#7cc4ff', '#ff6b6b', '#b78cff', '#f59e0b', '#4dd4e6', '#ff9ecf'];

/**
 * The wheel drawn as equal sectors (a conic gradient) with a pointer at the top; `turn` is the total
 * rotation in degrees. Each label runs along its sector's middle radius, cut short with an ellipsis (a long
 * title across the sector would overlap its neighbours). Decorative: the sectors are also listed as text beside it.
 */
export function WheelDisc({ wheel, turn, spinning }: { wheel: Wheel; turn: number; spinning: boolean }) {
  const n = Math.max(1, wheel.items.length);
  const step = 360 / n;
  const stops = wheel.items
    .map((_, i) => `${COLORS[i % COLORS.length]} ${i * step}deg ${(i + 1) * step}deg`)
    .join(', ');
  return (
    <div className="wheel-disc" aria-hidden="true">
      <span className="wheel-disc__pointer" />
      <div
        className={`wheel-disc__face${spinning ? ' wheel-disc__face--spinning' : ''}`}
        style={{ background: `conic-gradient(${stops})`, transform: `rotate(${turn}deg)` }}
      >
        {wheel.items.map((item, i) => (
          <span
            key={item.id}
            className="wheel-disc__label"
            style={{ transform: `rotate(${i * step + step / 2 - 90}deg)` }}
          >
            {item.title}
          </span>
        ))}
      </div>
    </div>
  );
}

/** The rotation that brings sector `index` under the top pointer after `spins` full turns from `from`. */
export function turnFor(from: number, index: number, count: number, spins = 5): number {
  const step = 360 / Math.max(1, count);
  const target = 360 - (index * step + step / 2);
  const base = from - (from % 360);
  return base + spins * 360 + target;
}
