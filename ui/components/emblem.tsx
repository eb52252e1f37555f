// The portal's mark: two linked rings, drawn rather than written so it needs no translation.
export function Emblem({ size = 32 }: { size?: number }) {
  return (
    <svg className="emblem" width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill="var(--accent)" />
      <circle cx="16" cy="20" r="7.5" fill="none" stroke="#fff" strokeWidth="3" />
      <circle cx="24" cy="20" r="7.5" fill="none" stroke="#fff" strokeWidth="3" opacity="0.85" />
    </svg>
  );
}
