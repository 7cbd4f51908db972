import styled from 'styled-components';
import type { LeadDetail } from '@crm/shared/schemas';
import { Card, Chip, Ltr, userDisplayName } from '@crm/shared/ui';
import { formatDateTime } from '../../../utils/format-date-time';
import { formatLeadName } from '../../../utils/format-lead-name';
import { phoneHref } from '../../../utils/phone-href';

export interface LeadDetailCardProps {
  lead: LeadDetail;
}

const Fields = styled.dl`
  display: grid;
  grid-template-columns: minmax(8rem, max-content) minmax(0, 1fr);
  gap: 0.75rem 1.5rem;
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; color: ${({ theme }) => theme.colors.text}; overflow-wrap: anywhere; }
  a { color: ${({ theme }) => theme.colors.primaryText}; text-decoration: none; }
  a:hover { text-decoration: underline; }
`;

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.375rem;
`;

const stamp = (person: LeadDetail['creator'], iso: string) => (
  <>
    {person ? userDisplayName(person) : '—'} · <Ltr>{formatDateTime(iso)}</Ltr>
  </>
);

/** The lead's contact fields, status, responsible users and who created and last changed it. */
export function LeadDetailCard({ lead }: LeadDetailCardProps) {
  return (
    <Card title="Контактные данные">
      <Fields>
        <dt>ФИО</dt>
        <dd>{formatLeadName(lead) || '—'}</dd>
        <dt>Телефон</dt>
        <dd>{lead.phone ? <Ltr><a href={phoneHref(lead.phone)}>{lead.phone}</a></Ltr> : '—'}</dd>
        <dt>Статус</dt>
        <dd>{lead.status ? <Chip color={lead.status.color}>{lead.status.name}</Chip> : '—'}</dd>
        <dt>Ответственные</dt>
        <dd>
          {lead.responsible.length > 0 ? (
            <Chips>
              {lead.responsible.map((user) => (
                <Chip key={user.id} color="secondary">
                  {userDisplayName(user)}
                </Chip>
              ))}
            </Chips>
          ) : (
            '—'
          )}
        </dd>
        <dt>Создан</dt>
        <dd>{stamp(lead.creator, lead.created_at)}</dd>
        {/* Nobody has changed it since it was created: "Создан" says all there is. */}
        {lead.updated_by ? (
          <>
            <dt>Изменён</dt>
            <dd>{stamp(lead.updated_by, lead.updated_at)}</dd>
          </>
        ) : null}
      </Fields>
    </Card>
  );
}
