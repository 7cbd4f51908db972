import styled from 'styled-components';
import { LEAD_IMPORT_FIELD_LABELS, LEAD_IMPORT_FIELDS, type LeadImportMapping, type LeadImportPreview } from '@crm/shared/schemas';

export interface MappingPreviewTableProps {
  preview: LeadImportPreview;
  mapping: LeadImportMapping;
}

const Scroll = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.sizeSm};
  & th,
  & td {
    padding: 0.5rem 0.875rem;
    text-align: start;
    white-space: nowrap;
    max-width: 16rem;
    overflow: hidden;
    text-overflow: ellipsis;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  & th {
    font-weight: 500;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.hover};
  }
  & tbody tr:last-child td { border-bottom: 0; }
`;

const Source = styled.span`
  display: block;
  font-weight: 400;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Caption = styled.p`
  margin: 0 0 0.5rem;
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

/** The file's first rows as they would land in the lead fields, one column per mapped field. */
export function MappingPreviewTable({ preview, mapping }: MappingPreviewTableProps) {
  const columns = LEAD_IMPORT_FIELDS.flatMap((field) => {
    const header = mapping[field];
    const index = header ? preview.headers.indexOf(header) : -1;
    return index >= 0 && header ? [{ field, header, index }] : [];
  });

  return (
    <section>
      <Caption>
        Первые строки файла ({preview.rows.length} из {preview.total_rows})
      </Caption>
      {columns.length === 0 ? (
        <p>Выберите столбцы, чтобы увидеть, как будут заполнены поля.</p>
      ) : (
        <Scroll>
          <Table aria-label="Предпросмотр импорта">
            <thead>
              <tr>
                {columns.map(({ field, header }) => (
                  <th key={field} scope="col">
                    {LEAD_IMPORT_FIELD_LABELS[field]}
                    <Source>{header}</Source>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {columns.map(({ field, index }) => (
                    <td key={field} title={row[index]}>
                      {row[index] ?? ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroll>
      )}
    </section>
  );
}
