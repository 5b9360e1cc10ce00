import styled from 'styled-components';

interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The id of the element that names the switch. */
  labelledBy: string;
  describedBy?: string;
  disabled?: boolean;
}

/** An on/off switch: a button with the switch role, so it is reachable and announced as on or off. */
export function Switch({ checked, onChange, labelledBy, describedBy, disabled = false }: SwitchProps) {
  return (
    <Track
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      disabled={disabled}
      $checked={checked}
      onClick={() => onChange(!checked)}
    >
      <Thumb $checked={checked} />
    </Track>
  );
}

const Track = styled.button<{ $checked: boolean }>`
  position: relative;
  flex: none;
  width: 52px;
  height: 30px;
  padding: 0;
  border-radius: 15px;
  border: 1px solid ${({ $checked, theme }) => ($checked ? 'transparent' : theme.color.borderStrong)};
  background: ${({ $checked, theme }) => ($checked ? theme.gradient.accent : theme.alpha('white', 0.08))};
  box-shadow: ${({ $checked, theme }) => ($checked ? `0 0 16px ${theme.alpha('accent', 0.45)}` : 'none')};
  cursor: pointer;
  transition: background 0.2s ease;

  &:disabled {
    cursor: progress;
    opacity: 0.7;
  }
`;

const Thumb = styled.span<{ $checked: boolean }>`
  position: absolute;
  top: 3px;
  left: 3px;
  width: 22px;
  height: 22px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.white};
  box-shadow: 0 2px 6px ${({ theme }) => theme.alpha('black', 0.35)};
  transform: translateX(${({ $checked }) => ($checked ? '22px' : '0')});
  transition: transform 0.2s ease;
`;
