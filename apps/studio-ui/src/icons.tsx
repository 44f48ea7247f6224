/** Inline SVG art: no emoji font needed (an iframe on a bare Linux box has none). */

export function Cherry() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path
        d="M22 40 C26 24 34 14 46 8 M42 40 C40 26 42 16 46 8"
        stroke="#3fbf5a"
        strokeWidth="4"
        fill="none"
        strokeLinecap="round"
      />
      <path d="M46 8 C52 10 56 14 58 20 C52 20 48 16 46 8Z" fill="#3fbf5a" />
      <circle cx="21" cy="45" r="12" fill="#e0223f" />
      <circle cx="43" cy="45" r="12" fill="#ff3b5c" />
      <circle cx="17" cy="41" r="3.5" fill="#fff" opacity="0.55" />
      <circle cx="39" cy="41" r="3.5" fill="#fff" opacity="0.55" />
    </svg>
  );
}

export function Lemon() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <ellipse cx="32" cy="34" rx="24" ry="17" fill="#ffe14d" transform="rotate(-20 32 34)" />
      <path d="M9 44 L4 48 M55 24 L60 20" stroke="#f2c200" strokeWidth="5" strokeLinecap="round" />
      <ellipse cx="25" cy="28" rx="8" ry="4" fill="#fff" opacity="0.5" transform="rotate(-20 25 28)" />
    </svg>
  );
}

export function Orange() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="36" r="22" fill="#ff8a1f" />
      <path d="M32 14 C34 8 40 6 46 8 C42 12 38 14 32 14Z" fill="#3fbf5a" />
      <circle cx="24" cy="28" r="5" fill="#fff" opacity="0.45" />
    </svg>
  );
}

export function Grape() {
  const g = [
    [22, 24],
    [34, 24],
    [46, 24],
    [28, 35],
    [40, 35],
    [22, 46],
    [34, 46],
    [28, 56],
  ];
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path d="M34 16 C34 10 38 6 44 4" stroke="#3fbf5a" strokeWidth="4" fill="none" strokeLinecap="round" />
      {g.map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={(y ?? 0) - 2} r="7.5" fill="#8b5cf6" stroke="#5b21b6" strokeWidth="1.5" />
      ))}
    </svg>
  );
}

export function Bell() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path
        d="M32 8 C20 8 16 20 16 30 L14 44 L50 44 L48 30 C48 20 44 8 32 8Z"
        fill="#ffc53d"
        stroke="#b7791f"
        strokeWidth="2"
      />
      <rect x="10" y="43" width="44" height="6" rx="3" fill="#f59e0b" />
      <circle cx="32" cy="54" r="5" fill="#b7791f" />
      <path
        d="M24 18 C22 22 21 28 21 34"
        stroke="#fff"
        strokeWidth="3"
        opacity="0.5"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Diamond() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path d="M16 10 L48 10 L60 26 L32 58 L4 26Z" fill="#38d5ff" />
      <path
        d="M4 26 L60 26 M16 10 L24 26 L32 58 L40 26 L48 10 M24 26 L32 10 L40 26"
        stroke="#e0f7ff"
        strokeWidth="1.5"
        fill="none"
      />
      <path d="M16 10 L24 26 L4 26Z" fill="#7fe6ff" />
    </svg>
  );
}

export function Seven() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path
        d="M12 10 L54 10 L54 18 L34 56 L22 56 L41 20 L12 20Z"
        fill="#ff3b5c"
        stroke="#fff"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Star() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path
        d="M32 4 L40 23 L60 24 L44 37 L50 58 L32 46 L14 58 L20 37 L4 24 L24 23Z"
        fill="#ff4fd8"
        stroke="#fff"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <text x="32" y="38" textAnchor="middle" fontSize="10" fontWeight="900" fill="#fff">
        BONUS
      </text>
    </svg>
  );
}

export function Gem() {
  return <Diamond />;
}

export function Bomb() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="30" cy="38" r="20" fill="#1b1f2e" stroke="#ff6b6b" strokeWidth="2.5" />
      <rect x="36" y="12" width="10" height="10" rx="2" fill="#5a6378" transform="rotate(35 41 17)" />
      <path d="M46 12 C50 6 56 6 58 10" stroke="#ffc53d" strokeWidth="3" fill="none" />
      <circle cx="58" cy="8" r="4" fill="#ffc53d" />
      <circle cx="22" cy="30" r="5" fill="#fff" opacity="0.35" />
    </svg>
  );
}

export function Shield() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M12 2 L20 5 V11 C20 16 16.5 20 12 22 C7.5 20 4 16 4 11 V5Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <path d="M8.5 12 L11 14.5 L15.5 9.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
