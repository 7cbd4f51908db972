import { documentCloseTarget } from './document-close-target';

describe('documentCloseTarget', () => {
  it("goes to the document's category for an existing document, else to the list", () => {
    expect(documentCloseTarget({ category_id: 7 })).toBe('/document/list/7');
    expect(documentCloseTarget(null)).toBe('/document/list');
  });
});
