import styled from 'styled-components';
import { alpha } from '@crm/shared/ui';

export interface ImportProgressBarProps {
  processed: number;
  total: number;
  label: string;
}

// Progress bars are 12 px high.
const Track = styled.div`
  height: 12px;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => alpha(theme.colors.primary, 0.16)};
`;

const Fill = styled.div`
  height: 100%;
  border-radius: inherit;
  background: ${({ theme }) => theme.colors.primary};
  transition: width 300ms ease-out;
`;

/** A determinate bar: the share of the file's rows handled so far. */
export function ImportProgressBar({ processed, total, label }: ImportProgressBarProps) {
  const percent = total > 0 ? Math.min(100, Math.round((processed / total) * 100)) : 0;
  return (
    <Track
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${processed} из ${total}`}
    >
      <Fill style={{ width: `${percent}%` }} />
    </Track>
  );
}
