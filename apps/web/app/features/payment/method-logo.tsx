/**
 * Method logos. The catalogue names relative logo paths (`payment/card.svg`) that no CDN serves in the
 * self-contained demo, so the known sandbox methods are drawn here; others show their initial.
 */
const LOGOS: Readonly<Record<string, string>> = {
  card: 'M3 6h18v12H3zM3 10h18M6 15h4',
  ewallet: 'M4 7h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H4zM4 7l10-3v3M15 13h2',
  crypto: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM10 7v10M13 7v2M13 15v2M9 8h4.5a2 2 0 0 1 0 4H9h5a2 2 0 0 1 0 4H9',
  bank_transfer: 'M3 10 12 4l9 6M5 10v7M9.5 10v7M14.5 10v7M19 10v7M3 20h18',
};

export function MethodLogo({ method }: { method: string }) {
  const d = LOGOS[method];
  return (
    <span className="payment-method__logo" aria-hidden="true">
      {d ? (
        <svg
          viewBox="0 0 24 24"
          width={28}
          height={28}
          fill="none"
          stroke="currentColor"
          strokeWidth={1.7}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d={d} />
        </svg>
      ) : (
        method.slice(0, 1).toUpperCase()
      )}
    </span>
  );
}
