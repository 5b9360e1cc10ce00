import { m } from 'motion/react';
import styled from 'styled-components';
import type { Match } from '../../api/swipe';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { HeartFilledIcon } from '../../components/icons';

/** The match popup (spec point 2): both faces, 'Start Chatting' into the conversation with them, or 'Keep Swiping'. */
export function MatchPopup({ match, myPhoto, myName, onStartChatting, onKeepSwiping }: { match: Match; myPhoto: string; myName: string; onStartChatting: () => void; onKeepSwiping: () => void }) {
  const name = match.otherUser.name;
  return (
    <Dialog
      title="It's a Match!"
      description={`You and ${name} liked each other`}
      onClose={onKeepSwiping}
      showClose={false}
      role="alertdialog"
      footer={
        <>
          <Button $block data-autofocus onClick={onStartChatting}>
            Start Chatting
          </Button>
          <Button $block $variant="secondary" onClick={onKeepSwiping}>
            Keep Swiping
          </Button>
        </>
      }
    >
      <Faces>
        <Face src={myPhoto} alt={myName} initial={{ x: -40, rotate: -16, opacity: 0 }} animate={{ x: 0, rotate: -8, opacity: 1 }} transition={{ type: 'spring', stiffness: 260, damping: 18 }} />
        <Heart initial={{ scale: 0 }} animate={{ scale: 1 }} transition={{ delay: 0.25, type: 'spring', stiffness: 400, damping: 12 }} aria-hidden="true">
          <HeartFilledIcon size={26} />
        </Heart>
        <Face src={match.otherUser.photo} alt={name} initial={{ x: 40, rotate: 16, opacity: 0 }} animate={{ x: 0, rotate: 8, opacity: 1 }} transition={{ type: 'spring', stiffness: 260, damping: 18 }} />
      </Faces>
      {match.superLikedYou && <Note>{name} super-liked you ✦</Note>}
    </Dialog>
  );
}

const Faces = styled.div`
  position: relative;
  display: flex;
  justify-content: center;
  align-items: center;
  padding: 12px 0 6px;
`;

const Face = styled(m.img)`
  width: 120px;
  height: 150px;
  object-fit: cover;
  margin: 0 -8px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 3px solid ${({ theme }) => theme.color.moon};
  box-shadow: 0 16px 40px ${({ theme }) => theme.alpha('accentStrong', 0.45)};
  background: ${({ theme }) => theme.color.dusk};
`;

const Heart = styled(m.span)`
  position: absolute;
  z-index: 1;
  display: grid;
  place-items: center;
  width: 52px;
  height: 52px;
  border-radius: 50%;
  background: ${({ theme }) => theme.gradient.accent};
  color: ${({ theme }) => theme.color.white};
  box-shadow: ${({ theme }) => theme.shadow.glow};
`;

const Note = styled.p`
  text-align: center;
  color: ${({ theme }) => theme.color.bluePale};
  font-weight: 600;
`;
