import { useId, useState } from 'react';
import styled, { css } from 'styled-components';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { CheckIcon, CrownIcon } from '../../components/icons';
import { useSignedInUser } from '../../session/SessionContext';
import { toast } from '../../toast/toastStore';
import { changePlan, membershipResource, PLAN_CHANGE_FAILED } from './membership';
import { MONTHLY_SAVING_BADGE, comparison, plans, type Billing, type PlanId } from './plans';

/**
 * The plans view: billing toggle, the four plan cards and the comparison table. Choosing a card changes
 * the plan on the server (simulated: no payment) and closes the view.
 */
export function PlansDialog({ onClose }: { onClose: () => void }) {
  const user = useSignedInUser();
  const { value: membership } = membershipResource.use(user.id);
  const [billing, setBilling] = useState<Billing>(membership?.billing ?? 'monthly');
  const [choosing, setChoosing] = useState<PlanId | null>(null);
  const noteId = useId();
  const currentPlan = membership?.plan ?? 'free';

  const choose = async (plan: PlanId) => {
    setChoosing(plan);
    try {
      await changePlan(user.id, currentPlan, plan, plan === 'plus' ? billing : undefined);
      onClose();
    } catch {
      setChoosing(null);
      toast(PLAN_CHANGE_FAILED);
    }
  };

  return (
    <Dialog title="Choose Your Night" description="Plans for every kind of night owl" icon={<CrownIcon size={28} />} onClose={onClose} size="wide">
      <Content>
        <BillingToggle role="radiogroup" aria-label="Billing">
          {(['weekly', 'monthly'] as const).map((option) => (
            <BillingOption key={option} $checked={billing === option}>
              <input type="radio" name="billing" value={option} checked={billing === option} onChange={() => setBilling(option)} />
              <span>{option === 'weekly' ? 'Weekly' : 'Monthly'}</span>
              {option === 'monthly' && <SaveBadge>{MONTHLY_SAVING_BADGE}</SaveBadge>}
            </BillingOption>
          ))}
        </BillingToggle>

        <Note id={noteId}>Plans are simulated: no payment is ever taken.</Note>

        <Cards>
          {plans.map((plan) => {
            const price = plan.price(billing);
            // Plus is billed weekly or monthly: the other period is a change too.
            const current = plan.id === currentPlan && (plan.id !== 'plus' || membership?.billing === billing);
            return (
              <Card key={plan.id} $featured={Boolean(plan.badge)} $current={current} aria-labelledby={`${noteId}-${plan.id}`}>
                {plan.badge && <Ribbon>{plan.badge}</Ribbon>}
                <PlanName id={`${noteId}-${plan.id}`}>{plan.name}</PlanName>
                <Tagline>{plan.tagline}</Tagline>
                <Price>
                  <strong>{price.amount}</strong> <span>{price.period}</span>
                </Price>
                <Features>
                  {plan.features.map((feature) => (
                    <li key={feature}>
                      <CheckIcon size={14} />
                      {feature}
                    </li>
                  ))}
                </Features>
                <Button
                  $block
                  $variant={plan.badge && !current ? 'primary' : 'secondary'}
                  disabled={current || choosing !== null || !membership}
                  aria-busy={choosing === plan.id}
                  aria-describedby={noteId}
                  onClick={() => void choose(plan.id)}
                >
                  {current ? 'Current Plan' : choosing === plan.id ? 'Choosing...' : `Choose ${plan.name}`}
                </Button>
              </Card>
            );
          })}
        </Cards>

        <TableWrap>
          <Table>
            <caption>Compare plans</caption>
            <thead>
              <tr>
                <th scope="col">Feature</th>
                {plans.map((plan) => (
                  <th key={plan.id} scope="col">
                    {plan.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {comparison.map((row) => (
                <tr key={row.feature}>
                  <th scope="row">{row.feature}</th>
                  {row.values.map((value, index) => (
                    <td key={plans[index]!.id}>{value}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        </TableWrap>
      </Content>
    </Dialog>
  );
}

const Content = styled.div`
  display: grid;
  gap: 18px;
`;

const BillingToggle = styled.div`
  justify-self: center;
  display: inline-flex;
  padding: 4px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.alpha('white', 0.06)};
  border: 1px solid ${({ theme }) => theme.color.border};
`;

const BillingOption = styled.label<{ $checked: boolean }>`
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 40px;
  padding: 0 18px;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-weight: 600;
  font-size: 0.9375rem;
  cursor: pointer;
  color: ${({ $checked, theme }) => ($checked ? theme.color.white : theme.color.textMuted)};
  background: ${({ $checked, theme }) => ($checked ? theme.gradient.accent : 'transparent')};

  input {
    position: absolute;
    opacity: 0;
    width: 1px;
    height: 1px;
  }

  &:has(input:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

const SaveBadge = styled.span`
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.alpha('success', 0.18)};
  color: ${({ theme }) => theme.color.successPale};
  font-size: 0.6875rem;
  font-weight: 700;
  letter-spacing: 0.02em;
`;

const Note = styled.p`
  text-align: center;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.textSubtle};
`;

const Cards = styled.div`
  display: grid;
  gap: 14px;

  @media (min-width: 640px) {
    grid-template-columns: repeat(2, 1fr);
  }
`;

const Card = styled.section<{ $featured: boolean; $current: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 20px 18px 18px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.alpha('white', 0.05)};
  border: 1px solid ${({ theme }) => theme.color.border};

  ${({ $featured }) =>
    $featured &&
    css`
      background: linear-gradient(180deg, ${({ theme }) => theme.alpha('accentStrong', 0.25)}, ${({ theme }) => theme.alpha('accentMagenta', 0.1)});
      border-color: ${({ theme }) => theme.alpha('accent', 0.7)};
      box-shadow: 0 12px 40px ${({ theme }) => theme.alpha('accentStrong', 0.3)};
    `}

  ${({ $current, theme }) =>
    $current &&
    css`
      border-color: ${theme.color.success};
    `}

  & > button {
    margin-top: auto;
    min-height: 46px;
  }

  & > button:disabled {
    cursor: default;
  }
`;

const Ribbon = styled.span`
  position: absolute;
  top: -11px;
  right: 16px;
  padding: 3px 10px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.moon};
  color: ${({ theme }) => theme.color.ink};
  font-size: 0.6875rem;
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
`;

const PlanName = styled.h3`
  font-family: ${({ theme }) => theme.font.display};
  font-size: 1.375rem;
`;

const Tagline = styled.p`
  margin-top: -8px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Price = styled.p`
  strong {
    font-size: 1.75rem;
    font-weight: 700;
  }
  span {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.875rem;
  }
`;

const Features = styled.ul`
  list-style: none;
  margin: 0 0 6px;
  padding: 0;
  display: grid;
  gap: 6px;
  font-size: 0.875rem;

  li {
    display: flex;
    gap: 8px;
    align-items: baseline;
  }

  svg {
    flex: none;
    color: ${({ theme }) => theme.color.success};
    transform: translateY(2px);
  }
`;

const TableWrap = styled.div`
  overflow-x: auto;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
`;

const Table = styled.table`
  width: 100%;
  min-width: 520px;
  border-collapse: collapse;
  font-size: 0.8125rem;

  caption {
    padding: 12px 14px;
    text-align: left;
    font-weight: 600;
    font-size: 0.9375rem;
    background: ${({ theme }) => theme.alpha('white', 0.04)};
  }

  th,
  td {
    padding: 10px 12px;
    text-align: center;
    border-top: 1px solid ${({ theme }) => theme.color.border};
  }

  thead th {
    color: ${({ theme }) => theme.color.moon};
    font-weight: 600;
  }

  tbody th {
    text-align: left;
    font-weight: 500;
    color: ${({ theme }) => theme.color.textMuted};
  }

  td:nth-child(4) {
    background: ${({ theme }) => theme.alpha('accentStrong', 0.12)};
  }
`;
