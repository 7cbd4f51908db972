import styled from 'styled-components';
import { EMOJI_LIST } from '../utils/emoji-list';

export interface EmojiPickerProps {
  onSelect: (emoji: string) => void;
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(2.25rem, 1fr));
  gap: 0.25rem;
  max-height: 10rem;
  overflow-y: auto;
`;

const EmojiButton = styled.button`
  display: grid;
  place-items: center;
  height: 2.25rem;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  font-size: 1.25rem;
  line-height: 1;
  cursor: pointer;
  &:hover, &:focus-visible { background: ${({ theme }) => theme.colors.hover}; outline: none; }
`;

export function EmojiPicker({ onSelect }: EmojiPickerProps) {
  return (
    <Grid>
      {EMOJI_LIST.map(({ emoji, name }) => (
        <EmojiButton key={emoji} type="button" aria-label={name} title={name} onClick={() => onSelect(emoji)}>
          {emoji}
        </EmojiButton>
      ))}
    </Grid>
  );
}
