import styled from 'styled-components';
import type { FieldErrors } from '@crm/shared/api-client';
import { Button, Card, IconButton, IconPlus, IconTrash, TextField } from '@crm/shared/ui';

export interface DocumentLinksCardProps {
  links: readonly string[];
  errors: FieldErrors;
  onChange: (links: string[]) => void;
}

const List = styled.div`
  display: grid;
  gap: 0.75rem;
`;

const Row = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 0.5rem;
  > :first-child { flex: 1; min-width: 0; }
  > button { margin-top: 1.6rem; }
`;

const CardError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.errorText};
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

/** The side card 'Ссылки': one input per link and 'Добавить ссылку'; each shows the server's first message. */
export function DocumentLinksCard({ links, errors, onChange }: DocumentLinksCardProps) {
  const set = (index: number, value: string) => onChange(links.map((link, i) => (i === index ? value : link)));
  return (
    <Card title="Ссылки">
      <List>
        {links.map((link, index) => (
          <Row key={index}>
            <TextField
              label={`Ссылка ${index + 1}`}
              name={`links.${index}`}
              type="url"
              value={link}
              onChange={(event) => set(index, event.target.value)}
              error={errors[`links.${index}`]}
              placeholder="https://"
            />
            <IconButton label={`Удалить ссылку ${index + 1}`} color="error" onClick={() => onChange(links.filter((_, i) => i !== index))}>
              <IconTrash />
            </IconButton>
          </Row>
        ))}
        {errors.links?.[0] ? <CardError role="alert">{errors.links[0]}</CardError> : null}
        <Button variant="secondary" startIcon={<IconPlus />} onClick={() => onChange([...links, ''])}>
          Добавить ссылку
        </Button>
      </List>
    </Card>
  );
}
