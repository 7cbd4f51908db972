import { css } from 'styled-components';

// How rich text looks, shared by the editing surface and RichTextView so a saved note reads exactly as it
// was written. Rules target plain tags (server-sanitised HTML keeps no classes) and use logical properties,
// so Arabic (right-to-left) content mirrors correctly.
export const richTextContentStyles = css`
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size};
  line-height: 1.6;
  overflow-wrap: anywhere;
  text-align: start;

  p { margin: 0 0 0.5rem; }
  h1, h2, h3, h4, h5, h6 { margin: 1rem 0 0.5rem; line-height: 1.3; font-weight: 600; }
  h1 { font-size: 1.6rem; }
  h2 { font-size: 1.35rem; }
  h3 { font-size: 1.15rem; }
  h4, h5, h6 { font-size: 1rem; }
  & > :first-child { margin-block-start: 0; }

  blockquote {
    margin: 0 0 0.5rem;
    padding-inline-start: 1rem;
    border-inline-start: 4px solid ${({ theme }) => theme.colors.borderStrong};
    color: ${({ theme }) => theme.colors.textMuted};
  }

  ul, ol { margin: 0 0 0.5rem; padding-inline-start: 1.5rem; }
  li { margin: 0.125rem 0; }
  li:has(> ul, > ol), .crm-rte__nested-listitem { list-style: none; }

  /* Check lists: Lexical marks each item as a checkbox; the box sits in the first 20px, where its click toggles. */
  ul:has(> li[role='checkbox']) { padding-inline-start: 0.25rem; }
  li[role='checkbox'] {
    position: relative;
    list-style: none;
    padding-inline-start: 1.75rem;
    outline: none;
  }
  li[role='checkbox']::before {
    content: '';
    position: absolute;
    inset-inline-start: 0;
    top: 0.3em;
    width: 1em;
    height: 1em;
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radius.sm};
    cursor: pointer;
  }
  li[role='checkbox'][aria-checked='true'] { color: ${({ theme }) => theme.colors.textMuted}; text-decoration: line-through; }
  li[role='checkbox'][aria-checked='true']::before {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primaryFill};
  }
  li[role='checkbox'][aria-checked='true']::after {
    content: '';
    position: absolute;
    inset-inline-start: 0.36em;
    top: 0.45em;
    width: 0.28em;
    height: 0.55em;
    border: solid ${({ theme }) => theme.colors.onPrimary};
    border-width: 0 2px 2px 0;
    transform: rotate(45deg);
    pointer-events: none;
  }

  a { color: ${({ theme }) => theme.colors.primaryText}; text-decoration: underline; }

  u, .crm-rte__underline { text-decoration: underline; }
  s, .crm-rte__strikethrough { text-decoration: line-through; }
  .crm-rte__underline-strikethrough { text-decoration: underline line-through; }

  code {
    padding: 0.1em 0.3em;
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.colors.hover};
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.875em;
  }
  pre, code.crm-rte__code {
    display: block;
    margin: 0 0 0.5rem;
    padding: 0.75rem 1rem;
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.hover};
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.875em;
    line-height: 1.5;
    white-space: pre;
    overflow-x: auto;
    /* Code reads left to right even inside Arabic text. */
    direction: ltr;
    text-align: left;
  }
  pre code { padding: 0; background: none; font-size: inherit; }

  img { max-width: 100%; height: auto; vertical-align: bottom; }

  iframe {
    display: block;
    max-width: 100%;
    aspect-ratio: 16 / 9;
    height: auto;
    margin: 0 0 0.5rem;
    border: 0;
    border-radius: ${({ theme }) => theme.radius.md};
  }

  table {
    border-collapse: collapse;
    margin: 0 0 0.5rem;
    max-width: 100%;
    overflow-x: auto;
  }
  th, td {
    min-width: 4rem;
    padding: 0.375rem 0.5rem;
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    text-align: start;
    vertical-align: top;
  }
  th { background: ${({ theme }) => theme.colors.hover}; font-weight: 600; }
  th > p, td > p { margin: 0; }

  details {
    margin: 0 0 0.5rem;
    padding: 0.25rem 0.75rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
  }
  summary { cursor: pointer; font-weight: 600; padding: 0.25rem 0; }
  details[open] > summary { margin-block-end: 0.25rem; }
`;
