import { render, screen } from '@testing-library/react';
import type { AbilityRule } from '@crm/shared/schemas/mini';
import { AbilityProvider } from './ability-provider';
import { Can } from './can';
import { useAbility } from './use-ability';

function Probe() {
  const ability = useAbility();
  return <output>{ability.can('delete', 'lead-status') ? 'may delete' : 'may not delete'}</output>;
}

function renderWith(rules: AbilityRule[]) {
  return render(
    <AbilityProvider rules={rules}>
      <Can I="view" a="lead">
        <span>leads link</span>
      </Can>
      <Can I="create" a="lead-status">
        <span>add status</span>
      </Can>
      <Can I="view" a="users" not>
        <span>no users</span>
      </Can>
      <Can I="edit" an="document">
        {(allowed) => <span>{allowed ? 'edit allowed' : 'edit denied'}</span>}
      </Can>
      <Probe />
    </AbilityProvider>,
  );
}

describe('Can and useAbility', () => {
  it('shows only what the rules allow', () => {
    renderWith([{ action: 'view', subject: 'lead' }]);
    expect(screen.getByText('leads link')).toBeInTheDocument();
    expect(screen.queryByText('add status')).not.toBeInTheDocument();
    expect(screen.getByText('no users')).toBeInTheDocument();
    expect(screen.getByText('edit denied')).toBeInTheDocument();
    expect(screen.getByText('may not delete')).toBeInTheDocument();
  });

  it('grants everything for manage all', () => {
    renderWith([{ action: 'manage', subject: 'all' }]);
    expect(screen.getByText('leads link')).toBeInTheDocument();
    expect(screen.getByText('add status')).toBeInTheDocument();
    expect(screen.queryByText('no users')).not.toBeInTheDocument();
    expect(screen.getByText('edit allowed')).toBeInTheDocument();
    expect(screen.getByText('may delete')).toBeInTheDocument();
  });

  it('treats manage on one subject as every action on it', () => {
    renderWith([{ action: 'manage', subject: 'lead-status' }]);
    expect(screen.getByText('add status')).toBeInTheDocument();
    expect(screen.getByText('may delete')).toBeInTheDocument();
    expect(screen.queryByText('leads link')).not.toBeInTheDocument();
  });

  it('treats the all subject as a wildcard for the given action', () => {
    renderWith([{ action: 'view', subject: 'all' }]);
    expect(screen.getByText('leads link')).toBeInTheDocument();
    expect(screen.queryByText('no users')).not.toBeInTheDocument();
    expect(screen.queryByText('add status')).not.toBeInTheDocument();
  });

  it('allows nothing without a provider', () => {
    render(
      <Can I="view" a="lead">
        <span>leads link</span>
      </Can>,
    );
    expect(screen.queryByText('leads link')).not.toBeInTheDocument();
  });

  it('rebuilds the ability when the rules change', () => {
    const view = renderWith([]);
    expect(screen.queryByText('leads link')).not.toBeInTheDocument();
    view.rerender(
      <AbilityProvider rules={[{ action: 'view', subject: 'lead' }]}>
        <Can I="view" a="lead">
          <span>leads link</span>
        </Can>
      </AbilityProvider>,
    );
    expect(screen.getByText('leads link')).toBeInTheDocument();
  });
});
