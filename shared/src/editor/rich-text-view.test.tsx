import { render, screen } from '@testing-library/react';
import { RichTextView } from './rich-text-view';

describe('RichTextView', () => {
  it('renders stored HTML as markup, including collapsible sections and embeds', () => {
    const { container } = render(
      <RichTextView
        html={
          '<h2>Plan</h2><p>Call <b>Ivan</b></p><details open=""><summary>Terms</summary><div><p>Net 30</p></div></details>' +
          '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="YouTube video" allowfullscreen="true"></iframe>'
        }
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Plan' })).toBeInTheDocument();
    expect(screen.getByText('Ivan').tagName).toBe('B');
    expect(container.querySelector('details > summary')).toHaveTextContent('Terms');
    expect(screen.getByTitle('YouTube video')).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');
  });

});
