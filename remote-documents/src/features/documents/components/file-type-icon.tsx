import styled from 'styled-components';
import { urlExtension } from '../utils/preview-type';

const Badge = styled.span`
  display: grid;
  place-items: center;
  width: 100%;
  height: 100%;
  font-weight: 700;
  letter-spacing: 0.05em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.primaryText};
  background: ${({ theme }) => theme.colors.hover};
`;

/** A file without a thumbnail: its extension as a type badge. */
export function FileTypeIcon({ url }: { url: string }) {
  const extension = urlExtension(url);
  return <Badge aria-hidden="true">{extension ? extension.slice(0, 5) : 'file'}</Badge>;
}
