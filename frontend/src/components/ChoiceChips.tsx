import { useId } from 'react';
import styled from 'styled-components';
import { CheckIcon } from './icons';

interface ChoiceChipsProps {
  legend: string;
  options: readonly string[];
  selected: readonly string[];
  onToggle: (option: string) => void;
  /** Shown beside the legend, e.g. '3 selected'. */
  counter?: string;
  hideLegend?: boolean;
  disabled?: boolean;
}

/** A list of checkboxes drawn as chips: each is a real checkbox with its label, in a named group. */
export function ChoiceChips({ legend, options, selected, onToggle, counter, hideLegend = false, disabled = false }: ChoiceChipsProps) {
  const id = useId();
  return (
    <Group disabled={disabled}>
      <Legend $hidden={hideLegend}>
        <span>{legend}</span>
        {counter && <Counter aria-live="polite">{counter}</Counter>}
      </Legend>
      <Grid>
        {options.map((option, index) => {
          const checked = selected.includes(option);
          return (
            <Chip key={option} $checked={checked}>
              <input id={`${id}-${index}`} type="checkbox" checked={checked} onChange={() => onToggle(option)} />
              <Tick aria-hidden="true">{checked && <CheckIcon size={12} />}</Tick>
              <span>{option}</span>
            </Chip>
          );
        })}
      </Grid>
    </Group>
  );
}

const Group = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

const Legend = styled.legend<{ $hidden: boolean }>`
  display: flex;
  width: 100%;
  justify-content: space-between;
  align-items: baseline;
  gap: 12px;
  margin-bottom: 10px;
  padding: 0;
  font-size: 0.875rem;
  font-weight: 500;
  color: ${({ theme }) => theme.color.textMuted};

  ${({ $hidden }) =>
    $hidden &&
    `
    & > span:first-child {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
  `}
`;

const Counter = styled.span`
  margin-left: auto;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.accent};
  font-variant-numeric: tabular-nums;
`;

const Grid = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const Chip = styled.label<{ $checked: boolean }>`
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: 7px;
  min-height: 40px;
  padding: 0 14px 0 10px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ $checked, theme }) => ($checked ? theme.alpha('accent', 0.8) : theme.color.border)};
  background: ${({ $checked, theme }) => ($checked ? `linear-gradient(135deg, ${theme.alpha('accentStrong', 0.45)}, ${theme.alpha('accentMagenta', 0.35)})` : theme.alpha('white', 0.04))};
  color: ${({ $checked, theme }) => ($checked ? theme.color.text : theme.color.textMuted)};
  font-size: 0.875rem;
  font-weight: 500;
  cursor: pointer;
  user-select: none;
  transition:
    background 0.15s ease,
    border-color 0.15s ease,
    color 0.15s ease;

  &:hover {
    border-color: ${({ theme }) => theme.color.borderStrong};
    color: ${({ theme }) => theme.color.text};
  }

  input {
    position: absolute;
    opacity: 0;
    width: 1px;
    height: 1px;
    margin: 0;
  }

  &:has(input:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }

  fieldset:disabled & {
    cursor: default;
    opacity: 0.6;
  }
`;

const Tick = styled.span`
  display: grid;
  place-items: center;
  width: 18px;
  height: 18px;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  background: ${({ theme }) => theme.alpha('sky', 0.4)};
  color: ${({ theme }) => theme.color.white};

  label:has(input:checked) & {
    border-color: transparent;
    background: ${({ theme }) => theme.gradient.accent};
  }
`;
