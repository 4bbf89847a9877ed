import {
  chooseStart,
  searchFilter,
  searchWords,
  SET_LIMIT,
  tagFilter,
  usersFilter,
  walk,
  type TicketSet,
} from './ticket-list.js';

const sized = (sizes: Record<string, number>) => (set: TicketSet) =>
  set.sizes.reduce((sum, size) => sum + (sizes[size.key] ?? Infinity), 0);

describe('the start of the ticket list', () => {
  const tag = tagFilter(7, true).set!;
  const users = usersFilter(1, [3, 4], 'closed').set!;

  it('takes the cheapest set within the limit', () => {
    const cost = sized({ 'tag:7': 120, 'users:closed:3,4': 40 });
    expect(chooseStart([tag, users], cost, SET_LIMIT)).toBe(users);
  });

  it('walks when every set is over the limit, or of a size not known yet', () => {
    expect(chooseStart([tag, users], sized({ 'tag:7': SET_LIMIT + 1 }), SET_LIMIT)).toBeUndefined();
    expect(chooseStart([], sized({}), SET_LIMIT)).toBeUndefined();
  });

  it('walks the index of the status asked for, or of every status, always tickets first', () => {
    expect(walk('closed')).toEqual({
      sql: '`tickets` `t` FORCE INDEX (IDX_tickets_company_status_updated)',
      values: [],
      straight: true,
    });
    expect(walk(undefined).sql).toContain('IDX_tickets_company_updated');
  });
});

describe('the search filter', () => {
  it('costs a search by its contacts and by every word the full-text index reads', () => {
    const set = searchFilter(1, 'Reembolso, boleto.', true).set!;
    expect(set.sizes.map((s) => s.key)).toEqual(['contacts:%reembolso, boleto.%', 'word:reembolso', 'word:boleto']);
    const cost = sized({ 'contacts:%reembolso, boleto.%': 0, 'word:reembolso': 900, 'word:boleto': SET_LIMIT + 1 });
    // One common word makes the whole search costly, however few messages have both.
    expect(chooseStart([set], cost, SET_LIMIT)).toBeUndefined();
  });

  it('is a set only where the full-text index is (MySQL/MariaDB)', () => {
    expect(searchFilter(1, 'boleto', false).set).toBeUndefined();
    expect(tagFilter(1, false).set).toBeUndefined();
  });

  it('checks rare words through the full-text index and common ones message by message', () => {
    const filter = searchFilter(1, 'boleto', true);
    expect(filter.check?.sql).toContain('LIKE');
    expect(filter.set?.whenSmall?.check.sql).toContain('MATCH(sm.body)');
  });

  it('keeps words of three letters or digits and more, at most eight', () => {
    expect(searchWords('o pix do boleto 12 345')).toEqual(['pix', 'boleto', '345']);
    expect(searchWords('um dois três quatro cinco seis sete oito nove dez')).toHaveLength(8);
  });
});
