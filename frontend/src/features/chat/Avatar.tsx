import styled from 'styled-components';

/** A match's round photo, with the green dot while they are online. */
export const Avatar = styled.span`
  position: relative;
  display: grid;

  img {
    width: 52px;
    height: 52px;
    border-radius: 50%;
    object-fit: cover;
    background: ${({ theme }) => theme.color.dusk};
  }
`;

export const OnlineDot = styled.span`
  position: absolute;
  right: 1px;
  bottom: 1px;
  width: 12px;
  height: 12px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.success};
  box-shadow: 0 0 0 2px ${({ theme }) => theme.color.night};
`;
