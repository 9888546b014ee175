/** Stands in for an integration's three steps while it loads, at roughly their size. */
export function SetupSkeleton({ label, testId }: { label: string; testId: string }) {
  return (
    <div className="setup-skeleton" data-testid={testId}>
      <p className="visually-hidden" role="status">
        {label}
      </p>
      {[1, 2, 3].map((step) => (
        <div key={step} className="card setup-step" aria-hidden="true">
          <span className="setup-step-marker">{step}</span>
          <span className="skeleton setup-skeleton-title" />
          <div className="setup-step-body">
            <span className="skeleton" />
            <span className="skeleton" />
            <span className="skeleton setup-skeleton-button" />
          </div>
        </div>
      ))}
    </div>
  );
}
