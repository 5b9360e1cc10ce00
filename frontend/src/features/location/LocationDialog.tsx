import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import styled from 'styled-components';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { PinIcon, ShieldIcon, UsersIcon } from '../../components/icons';
import type { locationDialogMachine } from './locationDialogMachine';

export const LOCATION_FOOTER = 'You can enable location later in Settings';

/** The spec's location dialog, driven by a running `locationDialogMachine`. Escape means Skip for Now. */
export function LocationDialog({ actor }: { actor: ActorRefFrom<typeof locationDialogMachine> }) {
  const working = useSelector(actor, (snapshot) => snapshot.matches('requesting') || snapshot.matches('saving'));
  const skip = () => {
    if (!working) actor.send({ type: 'SKIP' });
  };

  return (
    <Dialog
      icon={<PinIcon size={30} />}
      title="Enable Location"
      description="Find nearby users and see accurate distances"
      onClose={skip}
      showClose={false}
      footer={
        <>
          <Button $block data-autofocus disabled={working} aria-busy={working} onClick={() => actor.send({ type: 'ENABLE' })}>
            {working ? 'Enabling Location...' : 'Enable Location'}
          </Button>
          <Button $variant="ghost" $block disabled={working} onClick={skip}>
            Skip for Now
          </Button>
          <FooterNote>{LOCATION_FOOTER}</FooterNote>
        </>
      }
    >
      <Points>
        <Point>
          <PointIcon aria-hidden="true">
            <UsersIcon size={20} />
          </PointIcon>
          <span>Find Nearby Users</span>
        </Point>
        <Point>
          <PointIcon aria-hidden="true">
            <ShieldIcon size={20} />
          </PointIcon>
          <span>Privacy Protected: Your exact location is never shared</span>
        </Point>
      </Points>
    </Dialog>
  );
}

const Points = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 10px;
`;

const Point = styled.li`
  display: flex;
  align-items: center;
  gap: 14px;
  padding: 14px 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  font-size: 0.9375rem;
`;

const PointIcon = styled.span`
  flex: none;
  display: grid;
  place-items: center;
  width: 38px;
  height: 38px;
  border-radius: 50%;
  color: ${({ theme }) => theme.color.accent};
  background: ${({ theme }) => theme.alpha('accent', 0.14)};
`;

const FooterNote = styled.p`
  text-align: center;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.textSubtle};
`;
