import styled from 'styled-components';

/** Vertical rhythm of the signed-out forms. */
export const FormStack = styled.form`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;
