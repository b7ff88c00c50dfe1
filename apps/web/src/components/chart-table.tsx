/** A chart's figures as text: what a screen reader reads instead of the drawing. */
export type ChartTable = { columns: string[]; rows: string[][] };

export type ChartColumn<Row> = { label: string; value: (row: Row) => string };

/** One table row per data point, one column per label: `chartTable(data, [{ label: 'Day', value: (r) => r.date }])`. */
export function chartTable<Row>(rows: readonly Row[], columns: ChartColumn<Row>[]): ChartTable {
  return { columns: columns.map((column) => column.label), rows: rows.map((row) => columns.map((c) => c.value(row))) };
}

/**
 * The visually hidden table beside a chart, named after the chart's title (an aria-label rather than a caption, so the
 * title text is not on the page twice). Hidden by a wrapper: a table box ignores `overflow`, so a long table hidden
 * itself still stretched the page (a year of days made the dashboard 11,000 px tall and 640 px wide on a phone).
 */
export function ChartTableView({ caption, table }: { caption: string; table: ChartTable }) {
  return (
    <div className="sr-only">
      <table aria-label={caption} data-testid="chart-table">
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.join('\u0000')}>
              {row.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed by its columns
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
