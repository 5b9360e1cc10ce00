import { useState } from 'react';
import styled from 'styled-components';
import { planNames, type UpgradeTrigger } from '@nocturne/contracts/plans';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { CrownIcon } from '../../components/icons';
import { useSignedInUser } from '../../session/SessionContext';
import { toast } from '../../toast/toastStore';
import { changePlan, membershipResource, PLAN_CHANGE_FAILED } from './membership';
import { PlansDialog } from './PlansDialog';
import { promptBilling, promptPrice, suggestedPlan, upgradePrompts } from './plans';

/**
 * The upgrade prompt of spec point 4: what was hit, the plan that lifts it (chosen in one tap) or 'View
 * All Plans'. `onClose` runs once whichever way the person leaves, after a plan change or not.
 */
export function UpgradePrompt({ trigger, onClose }: { trigger: UpgradeTrigger; onClose: () => void }) {
  const user = useSignedInUser();
  const { value: membership } = membershipResource.use(user.id);
  const [view, setView] = useState<'prompt' | 'plans'>('prompt');
  const [choosing, setChoosing] = useState(false);
  const plan = suggestedPlan(trigger);
  const { title, description } = upgradePrompts[trigger];

  if (view === 'plans') return <PlansDialog onClose={onClose} />;

  const chooseSuggested = async () => {
    setChoosing(true);
    try {
      await changePlan(user.id, membership?.plan ?? 'free', plan, promptBilling(plan));
      onClose();
    } catch {
      setChoosing(false);
      toast(PLAN_CHANGE_FAILED);
    }
  };

  return (
    <Dialog
      title={title}
      description={description}
      icon={<CrownIcon size={28} />}
      onClose={onClose}
      closeLabel="Not now"
      footer={
        <>
          <Button $block data-autofocus disabled={choosing} aria-busy={choosing} onClick={() => void chooseSuggested()}>
            {choosing ? 'Choosing...' : `Get ${planNames[plan]} · ${promptPrice(plan)}`}
          </Button>
          <Button $block $variant="secondary" disabled={choosing} onClick={() => setView('plans')}>
            View All Plans
          </Button>
        </>
      }
    >
      <Note>Plans are simulated: no payment is ever taken.</Note>
    </Dialog>
  );
}

const Note = styled.p`
  text-align: center;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.textSubtle};
`;
