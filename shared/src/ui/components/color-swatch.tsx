import styled from 'styled-components';

export interface ColorSwatchProps {
  color: string;
}

const Swatch = styled.span<{ $color: string }>`
  display: inline-block;
  flex: none;
  width: 0.875rem;
  height: 0.875rem;
  border-radius: 50%;
  background: ${({ $color }) => $color};
  box-shadow: inset 0 0 0 1px rgba(0, 0, 0, 0.12);
`;

/** A colour as a dot beside the name it marks (a status, a comment step); decorative, the name carries the meaning. */
export function ColorSwatch({ color }: ColorSwatchProps) {
  return <Swatch $color={color} aria-hidden data-color={color} />;
}
