import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import { Link } from '@crm/shared/router';
import styled from 'styled-components';
import { Button, Card } from '@crm/shared/ui';

export interface BarChartItem {
  key: string | number;
  label: string;
  value: number;
  /** The bar's text (default: the value). */
  valueText?: string;
  /** Where a click on the bar goes (the lead list filtered the same way); none: a plain bar. */
  href?: string;
  color?: string;
}

export interface BarChartProps {
  title: string;
  /** A line under the title: what is counted (also the chart's description for screen readers). */
  subtitle?: ReactNode;
  items: readonly BarChartItem[];
  /**
   * `columns`: one thin column per item, labels under the first and last (days): up to 366 columns cannot each be a
   * 24 px target, so there the links are in the table view only; `rows`: a labelled bar per row, each a link.
   */
  layout?: 'rows' | 'columns';
  /** The table view's column headers. */
  labelHeader: string;
  valueHeader: string;
  /** Extra columns of the table view, per item. */
  extraColumns?: { header: string; cell: (item: BarChartItem) => ReactNode }[];
  emptyText?: string;
}

const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: minmax(6rem, max-content) 1fr;
  gap: 0.5rem 0.75rem;
  align-items: center;
`;

const Row = styled.li`
  display: contents;
`;

const RowLabel = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Track = styled.span`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  min-width: 0;
`;

const barStyle = `
  display: block;
  min-width: 2px;
  border-radius: 4px;
  flex: none;
`;

// A bar's length and colour are inline styles, not styled-components props: each distinct value of a prop is a class
// of its own, built, parsed and inserted while the page first renders (a year's days are 366 of them).
const HBar = styled.span`
  ${barStyle}
  height: 1.5rem;
  background: ${({ theme }) => theme.colors.primary};
`;

const HBarLink = styled(Link)`
  ${barStyle}
  height: 1.5rem;
  background: ${({ theme }) => theme.colors.primary};
  &:hover,
  &:focus-visible {
    opacity: 0.8;
    outline: 2px solid ${({ theme }) => theme.colors.text};
    outline-offset: 2px;
  }
`;

const Columns = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  align-items: flex-end;
  gap: 2px;
  height: 10rem;
`;

const Column = styled.li`
  flex: 1 1 0;
  min-width: 0;
  height: 100%;
  display: flex;
  align-items: flex-end;
`;

const VBar = styled.span`
  display: block;
  width: 100%;
  min-height: 1px;
  background: ${({ theme }) => theme.colors.primary};
  border-radius: 2px 2px 0 0;
`;

const Axis = styled.div`
  display: flex;
  justify-content: space-between;
  margin-top: 0.25rem;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Value = styled.span`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    text-align: start;
    padding: 0.375rem 0.5rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  td.number,
  th.number {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
`;

const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const SrOnly = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

/**
 * One chart of the dashboard, drawn with plain elements (no chart library, docs/decisions/076): each bar is a link
 * when it opens the list, named with its label and value; "Таблица" shows the same figures as a table.
 */
export function BarChart({ title, subtitle, items, layout = 'rows', labelHeader, valueHeader, extraColumns = [], emptyText = 'Нет данных за период' }: BarChartProps) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const max = Math.max(0, ...items.map((i) => i.value));
  const share = (value: number) => (max === 0 ? 0 : value / max);
  const text = (item: BarChartItem) => item.valueText ?? String(item.value);
  const name = (item: BarChartItem) => `${item.label}: ${text(item)}`;
  /** A bar's length (a share of `full` %) and its own colour, if any. */
  const bar = (item: BarChartItem, dimension: 'width' | 'height', full: number): CSSProperties => ({
    [dimension]: `${share(item.value) * full}%`,
    ...(item.color ? { background: item.color } : {}),
  });

  let body: ReactNode;
  if (items.length === 0) body = <Empty>{emptyText}</Empty>;
  else if (asTable) {
    body = (
      <Table aria-labelledby={titleId}>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col" className="number">
              {valueHeader}
            </th>
            {extraColumns.map((c) => (
              <th scope="col" className="number" key={c.header}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.key}>
              <th scope="row">{item.href ? <Link to={item.href}>{item.label}</Link> : item.label}</th>
              <td className="number">{text(item)}</td>
              {extraColumns.map((c) => (
                <td className="number" key={c.header}>
                  {c.cell(item)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    );
  } else if (layout === 'columns') {
    body = (
      <>
        <Columns aria-labelledby={titleId}>
          {items.map((item) => (
            <Column key={item.key} title={name(item)}>
              <VBar style={bar(item, 'height', 100)}>
                <SrOnly>{name(item)}</SrOnly>
              </VBar>
            </Column>
          ))}
        </Columns>
        <Axis aria-hidden="true">
          <span>{items[0].label}</span>
          <span>max {max}</span>
          <span>{items[items.length - 1].label}</span>
        </Axis>
      </>
    );
  } else {
    body = (
      <Rows aria-labelledby={titleId}>
        {items.map((item) => (
          <Row key={item.key}>
            <RowLabel aria-hidden="true">{item.label}</RowLabel>
            <Track>
              {item.href ? (
                <HBarLink to={item.href} aria-label={name(item)} title={name(item)} style={bar(item, 'width', 80)} />
              ) : (
                <HBar style={bar(item, 'width', 80)} title={name(item)}>
                  <SrOnly>{name(item)}</SrOnly>
                </HBar>
              )}
              <Value aria-hidden="true">{text(item)}</Value>
            </Track>
          </Row>
        ))}
      </Rows>
    );
  }

  return (
    <Card
      title={<span id={titleId}>{title}</span>}
      subtitle={subtitle}
      actions={
        <Button variant="text" size="sm" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
          {asTable ? 'График' : 'Таблица'}
        </Button>
      }
    >
      {body}
    </Card>
  );
}
