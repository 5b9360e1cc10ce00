import { useEffect, useState } from 'react';
import styled, { css } from 'styled-components';
import { fetchLikesReceived, type LikeReceived } from '../../api/swipe';
import { HeartIcon } from '../../components/icons';
import { SectionTitle } from '../../components/SectionTitle';
import { Muted, Panel } from '../../components/Surface';
import { createUserResource } from '../../session/userResource';
import { onPlanChanged } from '../plans/membership';
import { UpgradePrompt } from '../plans/UpgradePrompt';

export const likesReceivedResource = createUserResource(fetchLikesReceived);

/**
 * Who liked the person and waits for an answer. On the free plan the server sends no name and no
 * picture of its own (only, at most, a blurred thumbnail), so nothing leaks through the network; a tap
 * opens the upgrade prompt (see-likes, Night Pass). On a paid plan: names and photos.
 */
export function LikesReceivedPanel({ userId }: { userId: number }) {
  const { value: likes, failed, refresh } = likesReceivedResource.use(userId);
  const [prompting, setPrompting] = useState(false);

  useEffect(() => onPlanChanged(() => void refresh().catch(() => {})), [refresh]);

  return (
    <Panel aria-labelledby="likes-title">
      <SectionTitle id="likes-title">
        <HeartIcon size={18} /> Who liked you {likes && likes.count > 0 && <Count>{likes.count}</Count>}
      </SectionTitle>
      {failed && <Muted>Your likes could not be loaded.</Muted>}
      {likes && likes.count === 0 && <Muted>No likes waiting yet. Tonight they will show up here.</Muted>}
      {likes && likes.count > 0 && !likes.visible && <Muted>Someone is curious about you. See who with a Night Pass.</Muted>}
      {likes && likes.count > 0 && (
        <Tiles>
          {likes.likes.map((like, index) =>
            like.user ? (
              <li key={like.user.id}>
                <Tile as="figure">
                  <img src={like.user.photo} alt="" />
                  <figcaption>{like.user.name}</figcaption>
                  {like.superLike && <SuperMark aria-label="Super-like">✦</SuperMark>}
                </Tile>
              </li>
            ) : (
              <li key={`blurred-${index}`}>
                <BlurredTile type="button" aria-label={blurredLabel(like)} onClick={() => setPrompting(true)} $photo={like.blurredPhotoUrl}>
                  {like.superLike && <SuperMark aria-hidden="true">✦</SuperMark>}
                </BlurredTile>
              </li>
            ),
          )}
        </Tiles>
      )}
      {prompting && <UpgradePrompt trigger="see-likes" onClose={() => setPrompting(false)} />}
    </Panel>
  );
}

const blurredLabel = (like: LikeReceived) => `${like.superLike ? 'A hidden super-like' : 'A hidden like'}: see who with Night Pass`;

const Count = styled.span`
  padding: 1px 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.gradient.accent};
  color: #fff;
  letter-spacing: 0;
`;

const Tiles = styled.ul`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const tile = css`
  position: relative;
  display: block;
  width: 100%;
  aspect-ratio: 3 / 4;
  margin: 0;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
`;

const Tile = styled.div`
  ${tile};

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }

  figcaption {
    position: absolute;
    left: 0;
    right: 0;
    bottom: 0;
    padding: 16px 8px 6px;
    background: linear-gradient(180deg, transparent, rgba(7, 6, 26, 0.85));
    font-size: 0.8125rem;
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const BlurredTile = styled.button<{ $photo: string | null }>`
  ${tile};
  padding: 0;
  cursor: pointer;
  background: ${({ theme }) => theme.color.dusk};

  /* The picture is blurred on its own layer, so the focus ring and the mark stay sharp. */
  &::before {
    content: '';
    position: absolute;
    inset: -12px;
    background:
      ${({ $photo }) => ($photo ? `center / cover no-repeat url("${encodeURI($photo)}"),` : '')}
      radial-gradient(circle at 40% 35%, rgba(246, 231, 185, 0.55), transparent 45%),
      linear-gradient(160deg, #7c3aed, #a21caf 60%, #1d1650);
    filter: blur(8px) saturate(1.2);
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 3px;
  }
`;

const SuperMark = styled.span`
  position: absolute;
  top: 6px;
  right: 6px;
  display: grid;
  place-items: center;
  width: 24px;
  height: 24px;
  border-radius: 50%;
  background: #2563eb;
  color: #fff;
  font-size: 0.75rem;
`;
