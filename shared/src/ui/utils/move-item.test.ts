import { moveItem } from './move-item';

const list = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
const ids = (items: { id: number }[]) => items.map((item) => item.id);

describe('moveItem', () => {
  it('moves down to after the target', () => expect(ids(moveItem(list, 1, 3))).toEqual([2, 3, 1, 4]));
  it('moves up to before the target', () => expect(ids(moveItem(list, 4, 2))).toEqual([1, 4, 2, 3]));
  it('swaps neighbours', () => expect(ids(moveItem(list, 2, 3))).toEqual([1, 3, 2, 4]));
  it('leaves the list alone for unknown ids or the same place', () => {
    expect(ids(moveItem(list, 9, 2))).toEqual([1, 2, 3, 4]);
    expect(ids(moveItem(list, 2, 2))).toEqual([1, 2, 3, 4]);
  });
});
