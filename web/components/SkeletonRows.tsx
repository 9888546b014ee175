/** Placeholder table rows while a list loads (hidden from assistive technology). */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return Array.from({ length: rows }, (_, row) => (
    <tr key={row} className="skeleton-row" aria-hidden="true">
      {Array.from({ length: columns }, (_, column) => (
        <td key={column}>
          <span className="skeleton" />
        </td>
      ))}
    </tr>
  ));
}
