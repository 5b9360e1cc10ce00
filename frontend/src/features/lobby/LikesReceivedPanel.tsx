import { useEffect, useState } from 'react';
import styled, { css } from 'styled-components';
import { fetchLikesReceived } from '../../api/swipe';
import { HeartIcon } from '../../components/icons';
import { SectionTitle } from '../../components/SectionTitle';
import { Muted, Panel } from '../../components/Surface';
import { createUserResource } from '../../session/userResource';
import { onPlanChanged } from '../plans/membership';
import { UpgradePrompt } from '../plans/UpgradePrompt';

export const likesReceivedResource = createUserResource(fetchLikesReceived);

/** Hidden likes drawn as tiles on the free plan; more are summed up on the last one. */
export const HIDDEN_TILES_MAX = 6;

/** The tiles of `count` hidden likes, as how many likes each stands for: one, but the last of many. */
export const hiddenTiles = (count: number): number[] =>
  Array.from({ length: Math.min(count, HIDDEN_TILES_MAX) }, (_, index) => (index === HIDDEN_TILES_MAX - 1 ? count - index : 1));

/**
 * Who liked the person and waits for an answer. On the free plan the server sends only how many, so the
 * tiles are drawn here, the same generated night sky for every like and everyone: nothing on them (or
 * fetched for them) tells one liker from another; a tap opens the upgrade prompt (see-likes, Night Pass).
 * On a paid plan: names and photos.
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
          {likes.visible
            ? likes.likes.map((like) => (
                <li key={like.user.id}>
                  <Tile as="figure">
                    <img src={like.user.photo} alt="" />
                    <figcaption>{like.user.name}</figcaption>
                    {like.superLike && <SuperMark aria-label="Super-like">✦</SuperMark>}
                  </Tile>
                </li>
              ))
            : hiddenTiles(likes.count).map((stands, index) => (
                <li key={index}>
                  <HiddenTile type="button" aria-label={stands > 1 ? `${stands} more hidden likes: see who with Night Pass` : 'A hidden like: see who with Night Pass'} onClick={() => setPrompting(true)}>
                    {stands > 1 && <More aria-hidden="true">+{stands}</More>}
                  </HiddenTile>
                </li>
              ))}
        </Tiles>
      )}
      {prompting && <UpgradePrompt trigger="see-likes" onClose={() => setPrompting(false)} />}
    </Panel>
  );
}

const Count = styled.span`
  padding: 1px 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.gradient.accent};
  color: ${({ theme }) => theme.color.white};
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
    background: linear-gradient(180deg, transparent, ${({ theme }) => theme.alpha('sky', 0.85)});
    font-size: 0.8125rem;
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const HiddenTile = styled.button`
  ${tile};
  padding: 0;
  cursor: pointer;
  background: ${({ theme }) => theme.color.dusk};

  /*
   * The same generated picture on every tile: a figure under a night sky with the moon, blurred on its own
   * layer (so the focus ring and the count stay sharp). Nothing of anyone's photo.
   */
  &::before {
    content: '';
    position: absolute;
    inset: -12px;
    background:
      radial-gradient(circle at 72% 20%, ${({ theme }) => theme.color.moon} 0 7%, ${({ theme }) => theme.color.moonGlow} 12%, transparent 24%),
      radial-gradient(circle at 50% 46%, ${({ theme }) => theme.color.accent} 0 15%, transparent 17%),
      radial-gradient(ellipse 46% 30% at 50% 96%, ${({ theme }) => theme.color.accentStrong} 0 80%, transparent 83%),
      radial-gradient(circle at 18% 24%, ${({ theme }) => theme.color.star} 0 1.5%, transparent 3%),
      ${({ theme }) => theme.gradient.sky};
    filter: blur(8px) saturate(1.2);
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 3px;
  }
`;

const More = styled.span`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  font-size: 1.25rem;
  font-weight: 700;
  color: ${({ theme }) => theme.color.text};
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
  background: ${({ theme }) => theme.color.blue};
  color: ${({ theme }) => theme.color.white};
  font-size: 0.75rem;
`;
