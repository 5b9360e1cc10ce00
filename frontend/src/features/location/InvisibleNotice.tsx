import { useState } from 'react';
import styled from 'styled-components';
import { Button, TextLink } from '../../components/Button';
import { PinIcon } from '../../components/icons';
import { useSessionActions, useSignedInUser } from '../../session/SessionContext';
import { toast } from '../../toast/toastStore';
import { lookUpPosition } from './geolocation';
import { describeLookupFailure, LOCATION_EXCEPTION, saveLocation } from './locationDialogMachine';

export const INVISIBLE_TITLE = 'Nobody can see you';
export const INVISIBLE_TEXT = 'You are in no one’s deck without a location or a city. Others see only a distance.';

/**
 * Told on the deck and the profile (decisions.md, Discovery): a person with neither a position nor a
 * chosen city is in no one's deck. One tap fixes it: the device's position, sent as the location dialog
 * sends it. `onPlaced` runs once the server has it (the session user is read again first).
 */
export function InvisibleNotice({ onPlaced }: { onPlaced?: () => void }) {
  const user = useSignedInUser();
  const { refresh } = useSessionActions();
  const [working, setWorking] = useState(false);
  if (user.discovery?.missing !== 'position') return null;

  const turnOn = async () => {
    setWorking(true);
    let position;
    try {
      position = await lookUpPosition();
    } catch (error) {
      toast(describeLookupFailure(error));
      setWorking(false);
      return;
    }
    try {
      await saveLocation({ position, userId: user.id });
      toast({ title: 'Location Enabled', description: "You'll now see distances to nearby users" });
      await refresh().catch(() => undefined);
      onPlaced?.();
    } catch {
      toast(LOCATION_EXCEPTION);
    } finally {
      setWorking(false);
    }
  };

  return (
    <Notice role="region" aria-labelledby="invisible-title">
      <Icon aria-hidden="true">
        <PinIcon size={20} />
      </Icon>
      <Text>
        <strong id="invisible-title">{INVISIBLE_TITLE}</strong>
        <span>{INVISIBLE_TEXT}</span>
      </Text>
      <Actions>
        <Button $size="small" disabled={working} aria-busy={working} onClick={() => void turnOn()}>
          {working ? 'Enabling Location...' : 'Turn On Location'}
        </Button>
        <TextLink to="/settings">Choose a city</TextLink>
      </Actions>
    </Notice>
  );
}

const Notice = styled.section`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 8px 12px;
  margin-bottom: 12px;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.alpha('gold', 0.12)};
  border: 1px solid ${({ theme }) => theme.alpha('gold', 0.5)};
`;

const Icon = styled.span`
  display: grid;
  place-items: center;
  width: 36px;
  height: 36px;
  border-radius: 50%;
  color: ${({ theme }) => theme.color.goldPale};
  background: ${({ theme }) => theme.alpha('gold', 0.18)};
`;

const Text = styled.p`
  display: grid;
  gap: 2px;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.textMuted};

  strong {
    color: ${({ theme }) => theme.color.goldPale};
    font-size: 0.9375rem;
  }
`;

const Actions = styled.div`
  grid-column: 2;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
`;
