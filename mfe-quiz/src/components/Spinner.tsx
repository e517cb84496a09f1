export function Spinner({ label }: { label: string }) {
  return (
    <div className="sq-spinner" role="status">
      <span className="sq-spinner__wheel" aria-hidden="true" />
      <span className="sq-sr-only">{label}</span>
    </div>
  );
}
