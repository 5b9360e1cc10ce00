import { Link } from 'react-router';
import styled from 'styled-components';
import { PRODUCT_NAME } from '../../brand';
import { MoonIcon } from '../../components/icons';
import { useSignedInUser } from '../../session/SessionContext';
import type { SwipeWindowMode } from '../../time/swipeWindow';
import { swipeWindowResource } from '../../time/useSwipeWindow';
import { membershipResource } from '../plans/membership';
import { NightPassClock } from './NightPassClock';
import { SwipeWindowClock } from './SwipeWindowClock';

export function TopBar({ swipeWindowMode }: { swipeWindowMode: SwipeWindowMode }) {
  const user = useSignedInUser();
  const { value: serverWindow } = swipeWindowResource.use(user.id);
  const { value: membership } = membershipResource.use(user.id);
  const clockOffsetMs = serverWindow?.clockOffsetMs ?? 0;
  // An expired pass is the free plan again as soon as the membership is read anew; until then it counts down to zero.
  const nightPassEnds = membership?.plan === 'nightPass' ? membership.expiresAt : null;
  return (
    <Bar>
      <Brand to="/feed" aria-label={`${PRODUCT_NAME}, go to feed`}>
        <MoonIcon size={22} />
        <span>{PRODUCT_NAME}</span>
      </Brand>
      {nightPassEnds ? <NightPassClock expiresAt={nightPassEnds} clockOffsetMs={clockOffsetMs} /> : <SwipeWindowClock mode={swipeWindowMode} server={serverWindow} />}
    </Bar>
  );
}

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  height: ${({ theme }) => theme.layout.topBar};
  padding: 0 16px;
  padding-top: env(safe-area-inset-top);
  background: ${({ theme }) => theme.alpha('night', 0.72)};
  backdrop-filter: blur(18px);
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  color: ${({ theme }) => theme.color.moon};
  text-decoration: none;
  border-radius: 8px;

  span {
    font-family: ${({ theme }) => theme.font.display};
    font-size: 1.25rem;
    font-weight: 600;
    color: ${({ theme }) => theme.color.text};
  }
`;
